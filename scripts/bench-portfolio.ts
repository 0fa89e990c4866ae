/**
 * `npm run bench:portfolio`: how long one portfolio filter takes over 10,000 articles, with the
 * prepared index (what the overlay does on each keystroke) and without it (filterPortfolio,
 * which folds every article's text on every call), measured in the same run.
 */
import { performance } from "node:perf_hooks";
import type { Article } from "../src/domain/content";
import { MONTH_NAMES } from "../src/domain/dates";
import {
  filterPortfolio,
  filterPrepared,
  preparePortfolio,
  type PortfolioFilters,
} from "../src/web/features/portfolio/portfolio-filter";

const ARTICLE_COUNT = 10_000;
const RUNS = 300;
const WARM_UP_RUNS = 30;

/** mulberry32: a small seeded PRNG, so every run benchmarks the same articles. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seededRandom(20_261_122);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const OUTLETS = [
  "The Meridian Herald",
  "Northgate Courier",
  "The Civic Ledger",
  "Harbour Weekly",
  "Data Desk Review",
  "Le Quotidien Régional",
  "Evening Gazette",
  "Westminster Briefing",
];
const WORDS = [
  "council",
  "budget",
  "harbour",
  "ferry",
  "school",
  "hospital",
  "housing",
  "election",
  "café",
  "naïve",
  "flood",
  "defence",
  "parliament",
  "inquiry",
  "transport",
  "rates",
  "funding",
  "residents",
  "planning",
  "health",
  "police",
  "court",
  "river",
  "market",
  "youth",
  "climate",
  "energy",
  "rural",
];
const TAGS = ["news", "interview", "investigation", "data", "comment", "local", "politics"];

function sentence(words: number): string {
  return Array.from({ length: words }, () => pick(WORDS)).join(" ");
}

function articleDate(): string {
  const year = 2010 + Math.floor(random() * 16);
  const month = Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const iso = `${year}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const style = random();
  if (style < 0.6) return `${day} ${MONTH_NAMES[month]} ${year}`;
  if (style < 0.85) return iso;
  if (style < 0.95) return `${MONTH_NAMES[month]} ${day}, ${year}`;
  return "";
}

function generateArticles(count: number): Article[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `a${i}`,
    title: sentence(4 + Math.floor(random() * 8)),
    outlet: pick(OUTLETS),
    url: `https://bench.example/articles/${i}`,
    date: articleDate(),
    description: sentence(20 + Math.floor(random() * 30)),
    image: random() < 0.7 ? `https://bench.example/images/${i}.jpg` : "",
    featured: random() < 0.1,
    content: "",
    tags: random() < 0.8 ? [pick(TAGS), pick(TAGS)] : [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  }));
}

function measure(run: () => unknown): { median: number; p95: number } {
  for (let i = 0; i < WARM_UP_RUNS; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95) };
}

const articles = generateArticles(ARTICLE_COUNT);
const filters: PortfolioFilters = {
  query: "council budget",
  type: "news",
  from: "2015-01-01",
  to: "2022-12-31",
};

const prepareStart = performance.now();
const prepared = preparePortfolio(articles);
const prepareMs = performance.now() - prepareStart;

const matches = filterPrepared(prepared, filters).length;
if (matches !== filterPortfolio(articles, filters).length)
  throw new Error("Prepared and naive filters disagree");

const indexed = measure(() => filterPrepared(prepared, filters));
const naive = measure(() => filterPortfolio(articles, filters));

const ms = (value: number) => value.toFixed(3).padStart(9);
console.log(`portfolio filter: ${ARTICLE_COUNT} articles, ${RUNS} runs each, ${matches} matches`);
console.log(`query ${JSON.stringify(filters)}`);
console.log(`one-off preparePortfolio: ${prepareMs.toFixed(1)} ms`);
console.log(`${"".padEnd(30)}${"median ms".padStart(9)}  ${"p95 ms".padStart(9)}`);
console.log(`${"filterPrepared (indexed)".padEnd(30)}${ms(indexed.median)}  ${ms(indexed.p95)}`);
console.log(`${"filterPortfolio (naive)".padEnd(30)}${ms(naive.median)}  ${ms(naive.p95)}`);
