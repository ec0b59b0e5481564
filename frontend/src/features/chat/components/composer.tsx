import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useToast } from '@/components/toast';
import { IMAGE_ACCEPT, IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES } from '../api/upload-images';
import { emptyMessageError, isMobileInput, sendsOnKey } from '../lib/rules';

/**
 * The message box: text and pictures. Desktop: Enter sends, Shift+Enter adds a line; mobile
 * (touch or a narrow screen): Ctrl/Cmd+Enter sends (spec 000 section 5). Send is disabled while
 * there is neither text nor a picture; `onSend` resolves true when the message went (the box is
 * then cleared), false to keep what was typed.
 */
export function Composer({ onSend, onTyping, disabled }: { onSend: (text: string, files: File[]) => Promise<boolean>; onTyping: () => void; disabled?: boolean }) {
  const toast = useToast();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const mobile = isMobileInput();
  const previews = useMemo(() => files.map((f) => ({ file: f, url: URL.createObjectURL(f) })), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);

  const submit = async () => {
    const empty = emptyMessageError(text, files.length);
    if (empty) {
      toast.show(empty, 'error');
      return;
    }
    if (busy) return;
    setBusy(true);
    const sentText = text;
    const sentFiles = files;
    // Cleared at once; put back if the send fails.
    setText('');
    setFiles([]);
    const ok = await onSend(sentText, sentFiles);
    if (!ok) {
      setText((t) => (t === '' ? sentText : t));
      setFiles((f) => (f.length === 0 ? sentFiles : f));
    }
    setBusy(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (sendsOnKey({ key: e.key, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, isComposing: e.nativeEvent.isComposing }, mobile)) {
      e.preventDefault();
      void submit();
    }
  };

  const onFiles = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    const refused = picked.find((f) => !IMAGE_TYPES.has(f.type));
    if (refused) return toast.show(`${refused.name} is not a JPEG, PNG, WebP or HEIC picture.`, 'error');
    const big = picked.find((f) => f.size > MAX_IMAGE_BYTES);
    if (big) return toast.show(`${big.name} exceeds the maximum size of 20MB.`, 'error');
    setFiles((f) => {
      const next = [...f, ...picked];
      if (next.length > MAX_IMAGES) toast.show(`At most ${MAX_IMAGES} pictures a message.`, 'error');
      return next.slice(0, MAX_IMAGES);
    });
  };

  const blank = text.trim() === '' && files.length === 0;
  return (
    <form
      className="chat-composer"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void submit();
      }}
    >
      {previews.length > 0 && (
        <ul className="chat-composer__files" aria-label="Pictures to send">
          {previews.map((p, i) => (
            <li key={p.url}>
              <img src={p.url} alt={p.file.name} width={56} height={56} />
              <button type="button" className="btn btn--ghost btn--sm" aria-label={`Remove ${p.file.name}`} onClick={() => setFiles((f) => f.filter((_, j) => j !== i))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="chat-composer__row">
        <label className="btn btn--ghost chat-composer__attach">
          <span aria-hidden="true">+</span>
          <span className="sr-only">Add pictures</span>
          <input ref={fileInput} type="file" accept={IMAGE_ACCEPT} multiple className="sr-only" disabled={disabled} onChange={(e) => onFiles(e.target.files)} />
        </label>
        <label htmlFor={`${hintId}-text`} className="sr-only">
          Message
        </label>
        <textarea
          id={`${hintId}-text`}
          className="chat-composer__text"
          rows={2}
          value={text}
          placeholder="Type a message"
          aria-describedby={hintId}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn--primary" disabled={disabled || blank || busy}>
          Send
        </button>
      </div>
      <p id={hintId} className="chat-composer__hint">
        {mobile ? 'Ctrl+Enter (⌘+Enter) sends.' : 'Enter sends, Shift+Enter adds a line.'}
      </p>
    </form>
  );
}
