import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pngClaiming } from "../../../tests/support/sample-images";
import { checkImportedUploads } from "./uploads-backup";

describe("checkImportedUploads", () => {
  it("names a file whose header claims too many pixels as over the limit, from the header alone", async () => {
    const body = pngClaiming(20_000, 20_000);
    const name = `${createHash("sha256").update(body).digest("hex")}.png`;
    const checked = await checkImportedUploads([{ name, data: body.toString("base64") }]);
    expect(checked).toEqual({ files: [], problems: [`uploads.0 (${name}): over the pixel limit`] });
  });
});
