import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A loopback server that accepts connections and never answers, standing in for a picture's
 * server that hangs. It counts the connections its clients gave up on (closed).
 */
export async function startHangingServer() {
  let closed = 0;
  const server = http.createServer(() => {});
  server.on("connection", (socket: Socket) => socket.on("close", () => closed++));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/photo.jpg`,
    closedConnections: () => closed,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
