import { describe, expect, it } from "vitest";
import type { TextBlock } from "./block-text";
import { isBoilerplateBlock, isBylineOf, isItalicNote, withoutTeaserLists } from "./boilerplate-blocks";

function block(text: string, extra: Partial<TextBlock> = {}): TextBlock {
  const chars = text.replace(/\s/g, "").length;
  return {
    text,
    heading: false,
    chars,
    linkChars: 0,
    internalLinkChars: 0,
    italicChars: 0,
    imageBefore: null,
    ...extra,
  };
}

const isOwnSite = (href: string): boolean => new URL(href).hostname.endsWith("example.com");
const furniture = (candidate: TextBlock): boolean => isBoilerplateBlock(candidate, isOwnSite);

describe("isBoilerplateBlock", () => {
  it.each([
    "Advertisement",
    "ADVERTISEMENT",
    "Story continues below advertisement",
    "Share this article",
    "Related: Ferry timetable cut again",
    "READ MORE: Quay repairs delayed",
    "More from the harbour:",
    "Photo: Example Gazette archive",
    "Image credit: Jane Doe",
    "Caption",
    "Published Monday, November 18, 2019 8:22AM EST",
    "Filed under: Harbour, Council",
    "https://news.example.com/2024/03/harbour-dredging",
    "© 2024 The Example Gazette",
    "This document is subject to copyright.",
    "Follow her on Twitter @example or on Facebook.",
    "Get the Morning Briefing in your inbox. Sign up for our free newsletter.",
    "This slideshow requires JavaScript.",
    "______________________________",
    '[button link="/x"]Send us your review[/button]',
    "Nov 18, 2019 @17:19 PM · Updated: Nov 18, 2019 @17:26 PM",
    "| UPDATED: 11:05, Tue, Nov 19, 2019",
    "Nov. 20, 2019, 9:28 AM UTC",
    "18/11/2019 10:05",
    "sexta-feira, 22 de outubro de 2010 às 20:13",
    "Mis à jour le 18 novembre 2019 à 10h05",
    "Aktualisiert am 18. November 2019, 10:05 Uhr",
    "By",
    "BREAKING NEWS",
    "Anzeige",
    "Iklan",
    "The contents of this site are ©2019 Example Publishing Corp., a subsidiary of Example Inc.",
    "Reporting by Ann Lee; additional reporting by Bo Park; Editing by Cy Dee",
    "(Writing by Ann Lee; Edited by Bo Park)",
    "Bo Park contributed reporting from the harbour.",
    "Also: See holiday coverage at Example Radio",
    "Welcome to the Gazette's Daily Deals. Follow us at Twitter @gazettedeals.",
    "You may also like...",
    "DON'T MISS",
    "More Great Example Stories",
    "Related posts",
    "Related post: Harbour jam recipe",
    "Subscribe to the Example Gazette YouTube Channel for all of the latest videos!",
    "SUBSCRIBE",
    "Copyright © 2024 Example Gazette",
    "Copyright 2019 The Example Press.",
    "Copyright: Example Images",
    "ⓒ Example Media. No reproduction without permission.",
    "Have a tip? Write to the desk. Follow her on Twitter @mara or on Facebook.",
    "Get the latest updates right in your inbox. Sign up for the Gazette's newsletters.",
    "Subscribe to Example and stay smart with more of your favourite writers.",
  ])("drops %j", (text) => expect(furniture(block(text))).toBe(true));

  it.each([
    "The council said more from the harbour fund would go to repairs next year, subject to approval.",
    "Published in 1985, the novel sold poorly at first but found its readers decades later.",
    "Share prices in the harbour company rose by 4% on the news.",
    "On May 3, 2019 the council met.",
    "Le 18 novembre 2019, le conseil a voté.",
    "Breaking news is what the gazette does best, its editor said.",
    "Also in the harbour: two new cranes.",
    "Reporting by the gazette showed the council had ignored its own engineers.",
    "The © sign on the old harbour map dates it to after 1900.",
    "4:14 p.m.",
    "By the harbour",
    "Readers who subscribe to the paper's channel on the harbour got the news first, the council said.",
    "More than 40,000 fans follow the harbour master on Instagram for his sunset photos.",
    "Readers who sign up for the gazette's newsletter got the news first.",
    "Copyright law has changed little since the harbour charter of 1911.",
    "More than 40 residents signed the letter:",
  ])("keeps prose %j", (text) => expect(furniture(block(text))).toBe(false));

  it("drops short blocks that link back into the site, but keeps links elsewhere", () => {
    const text = "Ferry timetable cut again";
    const chars = text.replace(/\s/g, "").length;
    expect(furniture(block(text, { linkChars: chars, internalLinkChars: chars }))).toBe(true);
    expect(furniture(block(text, { heading: true, linkChars: chars, internalLinkChars: chars }))).toBe(true);
    expect(furniture(block(text, { heading: true, linkChars: chars }))).toBe(false);
    expect(furniture(block("Get it on Amazon for $39.99", { linkChars: 22 }))).toBe(false);
  });

  it("drops a bare address on the page's own site and keeps one elsewhere, a source", () => {
    expect(furniture(block("https://news.example.com/2024/03/harbour-dredging.php"))).toBe(true);
    expect(furniture(block("http://archive.example.org/1998/harbour-survey.html#p4"))).toBe(false);
  });
});

describe("isBoilerplateBlock on captions", () => {
  const caption = "The slimmer quay wall of the new harbour";

  it("drops a short text under a picture that repeats its alt text or is in italics", () => {
    expect(furniture(block(caption, { imageBefore: { alt: caption } }))).toBe(true);
    expect(furniture(block(caption, { imageBefore: { alt: "" }, italicChars: 33 }))).toBe(true);
  });

  it("keeps the same text away from a picture, and plain prose under one", () => {
    expect(furniture(block(caption, { italicChars: 33 }))).toBe(false);
    expect(furniture(block(caption, { imageBefore: { alt: "Harbour" } }))).toBe(false);
  });
});

describe("withoutTeaserLists", () => {
  it("drops a teaser heading and the linked teasers under it, up to the first block of prose", () => {
    const story = block("The harbour will be dredged next spring, the council decided on Tuesday night.");
    const teaser = (text: string): TextBlock => block(text, { linkChars: 12 });
    const after = block("Correction: an earlier version of this story misnamed the harbour master.");
    const blocks = [
      story,
      block("More Great Example Stories"),
      teaser("Ferries must unionize, no matter what the council says"),
      teaser("Could a lost sailor use the tides to get home?"),
      after,
    ];
    expect(withoutTeaserLists(blocks)).toEqual([story, after]);
  });

  it("keeps prose after a teaser heading when it carries no link", () => {
    const blocks = [block("Related"), block("The harbour master, who asked not to be named, disagreed.")];
    expect(withoutTeaserLists(blocks)).toEqual([blocks[1]]);
  });
});

const italic = (text: string): TextBlock => block(text, { italicChars: text.replace(/\s/g, "").length });

describe("isItalicNote", () => {
  it("recognises a short italic note even with links in it", () => {
    expect(
      isItalicNote(block("Listen to the show live at noon or here.", { italicChars: 26, linkChars: 7 })),
    ).toBe(true);
    expect(isItalicNote(block("Listen to the show live at noon or here.", { italicChars: 10 }))).toBe(false);
  });

  it.each([
    "Have a tip? Mara Ellison may be reached at mara@example.com.",
    "Join our forums to keep talking about the harbour!",
    "Like this story? Share it with a friend!",
    "Mara Ellison is the Gazette's harbour reporter and spends her weekends on the water.",
  ])("recognises the prompt or bio %j", (text) => expect(isItalicNote(italic(text))).toBe(true));

  it.each([
    "Correction added Nov. 18, 2019: The caption below the photograph originally misnamed the harbour master.",
    "This article was reprinted on Example.com.",
    "Originally published on Example Science.",
    "“Harbour Lights” is now available on DVD and VOD.",
    "Main image credit: Getty",
    "Version tested: PC.",
  ])("keeps the note on the article %j", (text) => expect(isItalicNote(italic(text))).toBe(false));
});

describe("isBylineOf", () => {
  it.each([
    "By Mara Ellison",
    "Mara Ellison",
    "by: Mara Ellison | March 5, 2024",
    "MARA ELLISON, Staff Writer",
  ])("treats %j as the byline", (text) => expect(isBylineOf(text, "Mara Ellison")).toBe(true));

  it.each(["Mara Ellison said the vote was close.", "Beachbody Performance Energize", "Someone Else"])(
    "does not treat %j as the byline",
    (text) =>
      expect(isBylineOf(text, text.startsWith("Beachbody") ? "Beachbody" : "Mara Ellison")).toBe(false),
  );

  it("never matches without an author", () => expect(isBylineOf("By", "")).toBe(false));
});
