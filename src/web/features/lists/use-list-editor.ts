import { useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { listToasts, sameJson, type ListConfig, type StoredItem } from "./list-config";
import type { FieldErrors } from "../../lib/form-kit/form-fields";
import { CHANGES_REVERTED, useToast } from "../../lib/dashboard/toasts";
import { useAdminApi } from "../../lib/dashboard/use-admin-api";
import type { ApiError } from "../../lib/api-client";

type Refusal = { fields: FieldErrors; message: string };

function without<V>(record: Record<string, V>, key: string): Record<string, V> {
  if (!(key in record)) return record;
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

/**
 * The state of one list manager. Drafts are kept by item id and survive re-reads of the
 * list (live updates, other items' saves); a draft ends only when the owner saves, discards or
 * deletes that item. Items added here stay pinned on top until they are saved.
 */
export function useListEditor<TItem extends StoredItem, TDraft, TInput>(
  config: ListConfig<TItem, TDraft, TInput>,
  items: readonly TItem[],
) {
  const [now] = useState(() => new Date());
  const toast = useToast();
  const send = useAdminApi();
  const revalidator = useRevalidator();
  const texts = listToasts(config.words);
  const [drafts, setDrafts] = useState<Record<string, TDraft>>({});
  const [refusals, setRefusals] = useState<Record<string, Refusal>>({});
  const [pinned, setPinned] = useState<string[]>([]);
  const [busy, setBusy] = useState<Record<string, "saving" | "deleting">>({});
  const [adding, setAdding] = useState(false);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [justAdded, setJustAdded] = useState<string | null>(null);
  /** What the server answered to our saves, until a re-read brings the same or a newer version. */
  const [savedHere, setSavedHere] = useState<Record<string, TItem>>({});
  /** Deleted here: hidden at once, before the list is re-read. */
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());

  const rows = useMemo(() => {
    const latest = (item: TItem) => {
      const mine = savedHere[item.id];
      return mine && mine.updatedAt > item.updatedAt ? mine : item;
    };
    const visible = items.filter((item) => !gone.has(item.id)).map(latest);
    const ordered = [
      ...pinned.flatMap((id) => visible.filter((item) => item.id === id)),
      ...visible.filter((item) => !pinned.includes(item.id)),
    ];
    return ordered.map((item) => {
      const saved = config.toDraft(item, now);
      const draft = drafts[item.id];
      const dirty = draft !== undefined && !sameJson(config.toInput(draft, now), config.toInput(saved, now));
      return {
        item,
        draft: draft ?? saved,
        dirty,
        pinned: pinned.includes(item.id),
        busy: busy[item.id],
        refusal: refusals[item.id],
      };
    });
  }, [items, pinned, drafts, busy, refusals, savedHere, gone, config, now]);

  const finish = (id: string) => setBusy((current) => without(current, id));

  async function add() {
    setAdding(true);
    const result = await send<TItem>(config.endpoint, "POST");
    if (result.ok) {
      setPinned((current) => [result.data.id, ...current]);
      toast("success", texts.added);
      await revalidator.revalidate();
      setExpandedId(result.data.id);
      setJustAdded(result.data.id);
    } else if (!result.sessionExpired) {
      toast("error", diskFullOr(result.error, texts.addFailed));
    }
    setAdding(false);
  }

  async function save(id: string) {
    const sent = drafts[id];
    if (sent === undefined || busy[id]) return;
    setBusy((current) => ({ ...current, [id]: "saving" }));
    const result = await send<TItem>(
      `${config.endpoint}/${encodeURIComponent(id)}`,
      "PUT",
      config.toInput(sent, now),
    );
    if (result.ok) {
      setRefusals((current) => without(current, id));
      setSavedHere((current) => ({ ...current, [id]: result.data }));
      // Keep anything typed while the save was on its way.
      setDrafts((current) => (current[id] === sent ? without(current, id) : current));
      toast("success", texts.saved);
      await revalidator.revalidate();
      // A new item takes its place in the order once the list has been re-read.
      setPinned((current) => current.filter((pinnedId) => pinnedId !== id));
    } else if (!result.sessionExpired) {
      setRefusals((current) => ({
        ...current,
        [id]: { fields: result.error.fields, message: result.error.message },
      }));
      toast("error", diskFullOr(result.error, texts.saveFailed));
      if (result.error.status === 404) void revalidator.revalidate();
    }
    finish(id);
  }

  async function remove(id: string): Promise<boolean> {
    setBusy((current) => ({ ...current, [id]: "deleting" }));
    const result = await send<void>(`${config.endpoint}/${encodeURIComponent(id)}`, "DELETE");
    finish(id);
    if (!result.ok) {
      if (!result.sessionExpired) toast("error", texts.deleteFailed);
      return false;
    }
    toast("success", texts.deleted);
    setGone((current) => new Set(current).add(id));
    setDrafts((current) => without(current, id));
    setRefusals((current) => without(current, id));
    setPinned((current) => current.filter((pinnedId) => pinnedId !== id));
    setExpandedId((current) => (current === id ? null : current));
    await revalidator.revalidate();
    return true;
  }

  function change(id: string, draft: TDraft) {
    setDrafts((current) => ({ ...current, [id]: draft }));
  }

  function discard(id: string) {
    setDrafts((current) => without(current, id));
    setRefusals((current) => without(current, id));
    toast("info", CHANGES_REVERTED);
  }

  function toggle(id: string) {
    setExpandedId((current) => (current === id ? null : id));
    setJustAdded(null);
  }

  return { now, rows, adding, expandedId, justAdded, texts, add, save, remove, change, discard, toggle };
}

/** A full disk is said as the server says it (nothing was saved); other failures by the tab's own words. */
const diskFullOr = (error: ApiError, text: string) => (error.code === "disk_full" ? error.message : text);
