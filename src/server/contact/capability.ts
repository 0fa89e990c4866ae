import { defineCapability } from "../kernel/capability";
import { contactRoutes } from "./contact-routes";
import { createContactService, type ContactService } from "./contact-service";
import { messageRoutes } from "./message-routes";

declare module "../kernel/capability" {
  interface Offered {
    contact: ContactService;
  }
}

export const contact = defineCapability({
  name: "contact",
  needs: ["content"],
  offers: ["contact"],
  tables: ["contact_messages"],
  create: ({ content }, { store, config, logger, options }) => ({
    contact: createContactService({
      store,
      config,
      logger,
      site: () => content.site.get(),
      now: options.now,
    }),
  }),
  routes: ({ contact }, { config, clientIp }) => ({
    api: contactRoutes({
      contact,
      clientIp,
      perAddress: config.contactPerAddress,
      hourlyCap: config.contactHourlyCap,
    }).route("/", messageRoutes(contact.messages)),
  }),
  // The delivery queue.
  background: ({ contact }) => ({ start: () => contact.start(), stop: () => contact.stop() }),
});
