import { useEffect, useState } from "react";
import { apiRequest } from "../../lib/api-client";

/** Whether the publisher lets its page be shown in our frame; "checking" until the server knows. */
export type FramingState = "checking" | "frameable" | "refused";

// One question per article and address for the life of the page; the server caches for an hour.
const answers = new Map<string, Promise<boolean>>();

/**
 * Asks the server (which reads the publisher's X-Frame-Options and CSP frame-ancestors). Called
 * early, on the intent to open the original site, so the answer is usually there on the click.
 */
export function askFraming(articleId: string, articleUrl: string): Promise<boolean> {
  const key = `${articleId}\n${articleUrl}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = apiRequest<{ frameable: boolean }>(
      `/api/articles/${encodeURIComponent(articleId)}/framing`,
    ).then(
      (result) => result.frameable === true,
      () => {
        answers.delete(key);
        return false;
      },
    );
    answers.set(key, answer);
  }
  return answer;
}

/** The framing answer for the article while `wanted` (the original site is shown). */
export function useFraming(articleId: string, articleUrl: string, wanted: boolean): FramingState {
  const key = `${articleId}\n${articleUrl}`;
  const [known, setKnown] = useState<{ key: string; frameable: boolean } | null>(null);

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void askFraming(articleId, articleUrl).then((frameable) => {
      if (current) setKnown({ key, frameable });
    });
    return () => {
      current = false;
    };
  }, [articleId, articleUrl, key, wanted]);

  if (!known || known.key !== key) return "checking";
  return known.frameable ? "frameable" : "refused";
}
