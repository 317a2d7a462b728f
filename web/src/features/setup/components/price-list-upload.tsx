import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PRICE_LIST_ACCEPT } from '@functions/contracts/price-list';
import { EXTRACT_FAILED, extractServices, importedMessage, importNeedsReviewMessage, type ApiService } from '../api';

type Progress = { kind: 'uploading'; percent: number } | { kind: 'extracting' };
type UploadState = { kind: 'idle' } | Progress | { kind: 'done'; message: string; review: string | null } | { kind: 'failed'; message: string };

/** What the import says once read: how many services, and which of them (or which photo) to look at again. */
function doneState(services: ApiService[]): UploadState {
  const doubtful = services.filter((service) => service.review?.length).length;
  // A photo read so badly that another would serve better says so here, where the owner looks first.
  const advice = services
    .flatMap((service) => service.review ?? [])
    .filter((flag) => flag.reason === 'hard-photo')
    .map((flag) => flag.detail);
  const review = [doubtful ? importNeedsReviewMessage(doubtful) : '', ...advice].filter(Boolean).join(' ');
  return { kind: 'done', message: importedMessage(services.length), review: review || null };
}

const cancelled = (error: Error) => error.name === 'AbortError';

interface Props {
  onImported: (services: ApiService[]) => void;
  disabled?: boolean;
}

/** Reads services from price-list files (photos, PDFs, Word, text) and hands them to the editor. */
export function PriceListUpload({ onImported, disabled }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<Progress>({ kind: 'uploading', percent: 0 });

  useEffect(() => () => abort.current?.abort(), []);

  // A new upload cancels the one before (the mutation then shows only the new one).
  const extract = useMutation({
    mutationFn: (files: File[]) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setProgress({ kind: 'uploading', percent: 0 });
      const onProgress = (fraction: number) =>
        setProgress((current) => (current.kind === 'uploading' ? { kind: 'uploading', percent: Math.round(fraction * 100) } : current));
      return extractServices(files, { onProgress, onUploaded: () => setProgress({ kind: 'extracting' }) }, controller.signal);
    },
    onSuccess: onImported,
    onError: (error) => cancelled(error) || console.error('Price list extraction failed', error),
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const state: UploadState = extract.isPending
    ? progress
    : extract.isSuccess
      ? doneState(extract.data)
      : extract.isError && !cancelled(extract.error)
        ? { kind: 'failed', message: extract.error.message || EXTRACT_FAILED }
        : { kind: 'idle' };

  function upload(files: File[]) {
    if (files.length) extract.mutate(files);
  }

  const busy = state.kind === 'uploading' || state.kind === 'extracting';
  return (
    <div className="price-list-upload" aria-busy={busy}>
      <label htmlFor={id} className="upload-label">
        <span className="upload-title">Upload price list</span>
        <span className="field-hint" id={`${id}-hint`}>
          Photos, PDFs, Word documents or text files (PNG, JPG, WEBP, PDF, DOC, DOCX, TXT). You can choose several at once.
        </span>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={PRICE_LIST_ACCEPT}
        disabled={disabled}
        aria-describedby={`${id}-hint ${id}-status`}
        onChange={(event) => upload(Array.from(event.target.files ?? []))}
      />
      <div id={`${id}-status`} className="upload-status">
        <div role="status" aria-live="polite">
          {state.kind === 'uploading' && <span>Uploading… {state.percent}%</span>}
          {state.kind === 'extracting' && <span>Extracting services…</span>}
          {state.kind === 'done' && (
            <span className={state.review ? 'upload-review' : 'upload-done'}>
              {state.message}
              {state.review && ` ${state.review}`}
            </span>
          )}
        </div>
        {(state.kind === 'uploading' || state.kind === 'extracting') && (
          <progress
            className="upload-progress"
            max={100}
            value={state.kind === 'uploading' ? state.percent : undefined}
            aria-label={state.kind === 'uploading' ? 'Upload progress' : 'Extracting services'}
          />
        )}
        {state.kind === 'failed' && (
          <p className="alert alert-error" role="alert">
            {state.message}
          </p>
        )}
      </div>
    </div>
  );
}
