import { useEffect, useId, useRef, useState } from 'react';
import { PRICE_LIST_ACCEPT } from '@functions/contracts/price-list';
import { EXTRACT_FAILED, extractServices, importedMessage, importNeedsReviewMessage, type ApiService } from '../api';

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'extracting' }
  | { kind: 'done'; message: string; review: string | null }
  | { kind: 'failed'; message: string };

interface Props {
  onImported: (services: ApiService[]) => void;
  disabled?: boolean;
}

/** Reads services from price-list files (photos, PDFs, Word, text) and hands them to the editor. */
export function PriceListUpload({ onImported, disabled }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });

  useEffect(() => () => abort.current?.abort(), []);

  async function upload(files: File[]) {
    if (!files.length) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'uploading', percent: 0 });
    try {
      const services = await extractServices(
        files,
        {
          onProgress: (fraction) =>
            setState((current) => (current.kind === 'uploading' ? { kind: 'uploading', percent: Math.round(fraction * 100) } : current)),
          onUploaded: () => setState({ kind: 'extracting' }),
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      onImported(services);
      const doubtful = services.filter((service) => service.review?.length).length;
      // A photo read so badly that another would serve better says so here, where the owner looks first.
      const advice = services
        .flatMap((service) => service.review ?? [])
        .filter((flag) => flag.reason === 'hard-photo')
        .map((flag) => flag.detail);
      const review = [doubtful ? importNeedsReviewMessage(doubtful) : '', ...advice].filter(Boolean).join(' ');
      setState({ kind: 'done', message: importedMessage(services.length), review: review || null });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Price list extraction failed', error);
      setState({ kind: 'failed', message: error instanceof Error && error.message ? error.message : EXTRACT_FAILED });
    } finally {
      if (input.current) input.current.value = '';
    }
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
