import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../kernel/http/app-env";
import { apiError, readBody } from "../kernel/http/api-error";
import { requireOwner } from "../kernel/http/owner-guard";
import type { MessageRepository } from "./message-repository";

const readSchema = z.object({ read: z.boolean({ message: "Use true or false" }) });
const GONE = "That message no longer exists.";

/** The owner's inbox: list (newest first), unread count, mark read or unread, delete. */
export function messageRoutes(messages: MessageRepository) {
  return new Hono<AppEnv>()
    .get("/messages", requireOwner, (c) =>
      c.json({ messages: messages.list(), unread: messages.unreadCount() }),
    )
    .get("/messages/unread-count", requireOwner, (c) => c.json({ unread: messages.unreadCount() }))
    .put("/messages/:id/read", requireOwner, async (c) => {
      const body = await readBody(c, readSchema);
      if (!body.ok) return body.response;
      const message = messages.setRead(c.req.param("id"), body.data.read);
      return message ? c.json(message) : apiError(c, 404, "not_found", GONE);
    })
    .delete("/messages/:id", requireOwner, (c) =>
      messages.remove(c.req.param("id")) ? c.body(null, 204) : apiError(c, 404, "not_found", GONE),
    );
}
