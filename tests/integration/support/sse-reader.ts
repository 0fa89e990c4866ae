/** A `change` event as a test reads it off `/api/events`. */
export type ReadChange = { id: string; data: unknown };

/**
 * Reads server-sent events from a streaming response until `count` change events arrived, or,
 * given a test instead, until the events read so far pass it.
 */
export async function readChanges(
  response: Response,
  count: number | ((events: readonly ReadChange[]) => boolean),
) {
  const enough =
    typeof count === "number" ? (events: readonly ReadChange[]) => events.length >= count : count;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: ReadChange[] = [];
  let heartbeats = 0;
  while (!enough(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(": heartbeat")) heartbeats += 1;
      if (!block.includes("event: change")) continue;
      const id = /^id: (.*)$/m.exec(block)?.[1] ?? "";
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null");
      events.push({ id, data });
    }
  }
  await reader.cancel();
  return { events, heartbeats };
}
