import { ownedSite } from "../../domain/demo-site";
import { defineCapability } from "../kernel/capability";
import { createPictureLoader, ownHostTest, PICTURE_TIMEOUT_MS } from "../kernel/picture-loader";
import { socialCardRoutes } from "./social-card-routes";
import { createSocialCards, type RenderCard, type SocialCards } from "./social-cards";

declare module "../kernel/capability" {
  interface Offered {
    cards: SocialCards;
    /** A site picture's bytes for a drawing (share cards, icons, the clip book). */
    loadPicture: ReturnType<typeof createPictureLoader>;
  }
  interface CapabilityOptions {
    /** Share cards and icons: how long a picture may take, and the card renderer (tests observe it). */
    generatedImages?: { pictureTimeoutMs?: number; renderCard?: RenderCard };
  }
}

export const socialCard = defineCapability({
  name: "social-card",
  needs: ["content", "images"],
  offers: ["cards", "loadPicture"],
  tables: [],
  create({ content, images }, { config, options }) {
    // Share cards and icons draw the site's own pictures, never one of its generated answers, and
    // give up on one after a time limit.
    const loadPicture = createPictureLoader({
      read: (url, width) => images.picture(url, width),
      isOwnHost: ownHostTest(config),
      timeoutMs: options.generatedImages?.pictureTimeoutMs ?? PICTURE_TIMEOUT_MS,
    });
    const cards = createSocialCards({
      site: () => ownedSite(content.site.get()),
      articles: () => content.articles.list(),
      host: new URL(config.publicUrl).host,
      loadImage: loadPicture,
      render: options.generatedImages?.renderCard,
    });
    return { cards, loadPicture };
  },
  routes: ({ cards }) => ({ site: socialCardRoutes(cards) }),
  // A changed or deleted article's share card is drawn again when next asked for.
  reactions:
    ({ cards }) =>
    (event) => {
      if (event.topic === "articles") cards.prune();
    },
});
