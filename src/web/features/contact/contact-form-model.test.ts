import { describe, expect, it } from "vitest";
import { EMPTY_FIELDS, isComplete, missingText, visibleFieldErrors } from "./contact-form-model";
import { linkedInDelayMs } from "./linkedin-delay";

describe("isComplete", () => {
  const full = { name: "Ada", email: "ada@example.org", subject: "Hi", message: "Hello" };

  it("needs all four fields non-empty after trimming", () => {
    expect(isComplete(full)).toBe(true);
    expect(isComplete(EMPTY_FIELDS)).toBe(false);
    for (const field of ["name", "email", "subject", "message"] as const) {
      expect(isComplete({ ...full, [field]: "  \n\t" }), field).toBe(false);
    }
  });
});

describe("visibleFieldErrors", () => {
  it("keeps the messages of the four visible fields only", () => {
    expect(visibleFieldErrors({ email: "Enter a valid e-mail address", website: "x", body: "y" })).toEqual({
      email: "Enter a valid e-mail address",
    });
    expect(visibleFieldErrors(undefined)).toEqual({});
  });
});

describe("linkedInDelayMs", () => {
  it("waits 1 s, plus 0.5–1.5 s on the first click", () => {
    expect(linkedInDelayMs(false, 0.99)).toBe(1000);
    expect(linkedInDelayMs(true, 0)).toBe(1500);
    expect(linkedInDelayMs(true, 0.5)).toBe(2000);
    expect(linkedInDelayMs(true, 0.9999999)).toBe(2500);
  });
});

describe("missingText", () => {
  const full = { name: "Ada", email: "ada@example.org", subject: "Hi", message: "Hello" };
  it("names the fields still empty, so a disabled Send says why", () => {
    expect(missingText(EMPTY_FIELDS)).toBe("To send, fill in Name, Email, Subject and Message.");
    expect(missingText({ ...full, subject: " ", message: "" })).toBe("To send, fill in Subject and Message.");
    expect(missingText({ ...full, email: "" })).toBe("To send, fill in Email.");
    expect(missingText(full)).toBe("");
  });
});
