import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import "./toasts.css";

/** Dashboard toasts are success, error or info and stay for 3000 ms. */
export type ToastType = "success" | "error" | "info";
export const TOAST_DURATION_MS = 3000;

/** The info toast after the owner throws a draft away. */
export const CHANGES_REVERTED = "Changes reverted";

type Toast = { id: number; type: ToastType; text: string };
type ShowToast = (type: ToastType, text: string) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

/** `toast("success", "Experience saved")` from anywhere inside the dashboard. */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

/**
 * Holds the dashboard's toasts. The live regions are always in the page, so screen readers
 * announce each toast as it is added: errors assertively, the rest politely.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ShowToast>(
    (type, text) => {
      const id = ++nextId.current;
      setToasts((current) => [...current, { id, type, text }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const errors = toasts.filter((toast) => toast.type === "error");
  const others = toasts.filter((toast) => toast.type !== "error");
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toasts">
        <div role="status" aria-live="polite" className="toasts__region">
          {others.map((toast) => (
            <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
        <div role="alert" aria-live="assertive" className="toasts__region">
          {errors.map((toast) => (
            <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  return (
    <div className={`toast toast--${toast.type}`} data-toast-type={toast.type}>
      <span className="toast__text">{toast.text}</span>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}
