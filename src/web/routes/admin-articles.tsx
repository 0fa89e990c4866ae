import type { Route } from "./+types/admin-articles";

export function loader({ context }: Route.LoaderArgs) {
  return { items: context.content.articles() };
}

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-label="Articles">
      <p>{loaderData.items.length} items</p>
    </section>
  );
}
