import { describe, expect, it } from "vitest";
import { namesGeneratedPath } from "./generated-paths";

const ownHost = (hostname: string) => hostname === "clips.example";
const names = (address: string) => namesGeneratedPath(address, ownHost);

describe("namesGeneratedPath", () => {
  it.each([
    "/social-card.png",
    "/social-card/article/abc123.png",
    "/favicon.ico",
    "/site.webmanifest",
    "/feed.xml",
    "/healthz",
    "/api/events",
    "/api/articles/abc/reader",
    " /social-card.png ",
    "/social-card.png?v=abc",
    "/social-card.png#top",
    "/SOCIAL-CARD.PNG",
    "/social%2Dcard.png",
    "/social%252Dcard.png",
    "/%2Fsocial-card.png",
    "/x/../social-card.png",
    "/x%2F..%2Fsocial-card.png",
    "/social-card.png/",
    "/social-card//article/abc.png",
    "/api/images?url=%2Fsocial-card.png",
    "/api/images?url=%2Fsocial-card.png&w=960",
    "/API/Images?url=%2Ffavicon.ico",
    "/api/images?url=https%3A%2F%2Fclips.example%2Ficon-512.png",
    "/api/images?url=%2Fapi%2Fimages%3Furl%3D%252Fsocial-card.png",
    "/api/images?url=",
    "https://clips.example/social-card.png",
    "HTTPS://CLIPS.EXAMPLE/Social-Card.png?x=1",
    "http://clips.example:8080/favicon.svg",
  ])("refuses %s", (address) => {
    expect(names(address)).toBe(true);
  });

  it.each([
    "",
    "/uploads/abc.jpg",
    "/demo/portrait.jpg",
    "/assets/river-flood.jpg",
    "/social-card.png.jpg",
    "/social-cards.png",
    "/api/images?url=%2Fuploads%2Fabc.jpg",
    "/api/images?url=https%3A%2F%2Fcdn.example%2Fsocial-card.png",
    "https://cdn.example/social-card.png",
    "https://cdn.example/favicon.ico",
    "javascript:alert(1)",
    "//clips.example/social-card.png",
  ])("lets %s through", (address) => {
    expect(names(address)).toBe(false);
  });
});
