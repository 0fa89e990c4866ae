import { useEffect, useRef, useState, type DragEvent } from "react";
import { useLocation, useNavigate, useOutletContext } from "react-router";
import { isHttpUrl, isSitePath } from "../../../domain/safe-url";
import { formatBytes } from "../../../domain/byte-size";
import { UPLOAD_MAX_BYTES, type UploadResult } from "../../../domain/uploads";
import { ApiError } from "../api-client";
import { uploadFile } from "../upload-file";
import { FieldShell } from "./form-fields";
import { signInPath, type AdminOutletContext } from "../dashboard/owner-guard";
import "./image-field.css";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

type Upload =
  | { state: "idle" }
  | { state: "uploading"; name: string; fraction: number }
  | { state: "done"; result: UploadResult }
  | { state: "failed"; message: string };

type ImageFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder?: string;
  wide?: boolean;
  /** What the picture is for, said before how to give one. */
  purpose?: string;
};

/**
 * An image address with "Upload" beside it: a file picker, a file dropped on the field, or an
 * image pasted into the address box. The bar shows the upload's progress; when it is done the
 * field holds the `/uploads/…` address and the preview shows the picture.
 */
export function ImageField({
  label,
  value,
  onChange,
  error,
  placeholder = "https://",
  wide,
  purpose,
}: ImageFieldProps) {
  const { csrfToken } = useOutletContext<AdminOutletContext>();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const [dragging, setDragging] = useState(false);
  const pickerRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  async function send(file: File) {
    if (upload.state === "uploading") return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setUpload({ state: "failed", message: "The file is larger than 15 MB. Upload a smaller image." });
      return;
    }
    const abort = new AbortController();
    abortRef.current = abort;
    setUpload({ state: "uploading", name: file.name || "image", fraction: 0 });
    try {
      const result = await uploadFile(file, {
        csrfToken,
        signal: abort.signal,
        onProgress: (fraction) => setUpload({ state: "uploading", name: file.name || "image", fraction }),
      });
      onChange(result.url);
      setUpload({ state: "done", result });
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === "AbortError") return;
      if (caught instanceof ApiError && caught.status === 401) {
        navigate(signInPath(pathname + search));
        return;
      }
      const message =
        caught instanceof ApiError && caught.status !== 0
          ? caught.message
          : "The upload failed. Check the connection and try again.";
      setUpload({ state: "failed", message });
    } finally {
      if (abortRef.current === abort) abortRef.current = null;
    }
  }

  function onDrop(event: DragEvent) {
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    void send(file);
  }

  const preview = isHttpUrl(value) || isSitePath(value) ? value : "";
  const percent = upload.state === "uploading" ? Math.round(upload.fraction * 100) : 0;
  return (
    <FieldShell
      label={label}
      wide={wide}
      error={error}
      hint={`${purpose ? `${purpose} ` : ""}A web address or a path on this site; or upload a JPEG, PNG, WebP, AVIF or GIF (up to 15 MB): choose a file, drop it here or paste it into the box`}
    >
      {({ id, describedBy, invalid }) => (
        <div
          className={`image-field${dragging ? " image-field--dragging" : ""}`}
          onDragOver={(event) => {
            if (!event.dataTransfer.types.includes("Files")) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <div className="image-field__row">
            <input
              id={id}
              type="text"
              inputMode="url"
              value={value}
              placeholder={placeholder}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => onChange(event.target.value)}
              onPaste={(event) => {
                const file = [...event.clipboardData.files].find((item) => item.type.startsWith("image/"));
                if (!file) return;
                event.preventDefault();
                void send(file);
              }}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
            <button
              type="button"
              className="button image-field__upload"
              disabled={upload.state === "uploading"}
              onClick={() => pickerRef.current?.click()}
            >
              Upload<span className="visually-hidden"> {label.toLowerCase()}</span>
            </button>
            {/* Opened by the Upload button; hidden, so the field has one control of its name. */}
            <input
              ref={pickerRef}
              type="file"
              accept={ACCEPT}
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void send(file);
              }}
            />
          </div>
          <div className="image-field__status" role="status" aria-live="polite">
            {upload.state === "uploading" ? (
              <>
                <progress max={100} value={percent} aria-label={`Uploading ${upload.name}`} />
                <span>
                  {percent < 100 ? `Uploading ${upload.name}… ${percent}%` : `Processing ${upload.name}…`}
                </span>
              </>
            ) : upload.state === "done" ? (
              <span>
                Uploaded: {upload.result.width} × {upload.result.height}, {formatBytes(upload.result.bytes)}
              </span>
            ) : null}
          </div>
          {upload.state === "failed" ? (
            <p className="image-field__error" role="alert">
              {upload.message}
            </p>
          ) : null}
          {preview ? <img className="image-field__preview" src={preview} alt="" loading="lazy" /> : null}
        </div>
      )}
    </FieldShell>
  );
}
