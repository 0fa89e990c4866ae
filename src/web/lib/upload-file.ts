import type { UploadResult } from "../../domain/uploads";
import { ApiError } from "./api-client";

/**
 * `POST /api/uploads` with XMLHttpRequest, because fetch cannot report upload progress.
 * `onProgress` gets 0–1 as the bytes leave the browser; the promise settles with the server's answer.
 */
export function uploadFile(
  file: Blob,
  options: { csrfToken: string; onProgress: (fraction: number) => void; signal?: AbortSignal },
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/uploads");
    request.setRequestHeader("X-CSRF-Token", options.csrfToken);
    request.setRequestHeader("Accept", "application/json");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const payload = request.response as
        | (UploadResult & { error?: undefined })
        | { error?: { code?: string; message?: string } }
        | null;
      if (request.status === 201 && payload && !payload.error) {
        resolve(payload as UploadResult);
        return;
      }
      const error = payload?.error;
      reject(
        new ApiError(
          request.status,
          error?.code ?? "http_error",
          error?.message ?? "The upload failed. Please try again.",
        ),
      );
    };
    request.onerror = () => reject(new ApiError(0, "network", "Network Error"));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}
