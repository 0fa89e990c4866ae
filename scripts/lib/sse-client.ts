/** A minimal EventSource for Node: reconnects with Last-Event-ID, as browsers do. */
export type SseClient = {
  changes: { id: number; collection: string }[];
  connects: number;
  close(): void;
};

export function openSseClient(url: string, retryMs = 500): SseClient {
  const client: SseClient = { changes: [], connects: 0, close: () => undefined };
  let lastId: string | undefined;
  let closed = false;
  let controller: AbortController | undefined;
  client.close = () => {
    closed = true;
    controller?.abort();
  };

  const connect = async () => {
    while (!closed) {
      controller = new AbortController();
      try {
        const response = await fetch(url, {
          headers: lastId ? { "Last-Event-ID": lastId } : {},
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(String(response.status));
        client.connects += 1;
        const decoder = new TextDecoder();
        let buffer = "";
        const reader = response.body.getReader();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          buffer += decoder.decode(chunk.value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            if (id) lastId = id;
            if (block.includes("event: change")) {
              const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "{}") as { collection: string };
              client.changes.push({ id: Number(id), collection: data.collection });
            }
          }
        }
      } catch {
        // The server went away or refused: try again shortly, like EventSource.
      }
      if (!closed) await new Promise((r) => setTimeout(r, retryMs));
    }
  };
  void connect();
  return client;
}
