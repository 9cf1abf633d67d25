import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { DashboardLayout } from './DashboardLayout.tsx';
import { framesOf } from './frames.ts';
import { TrimTool } from './TrimTool.tsx';
import { UploadFieldsForm } from './UploadFieldsForm.tsx';
import { UploadQuotaLine } from './UploadQuota.tsx';
import { EMPTY_FIELDS, type UploadFields } from './upload-fields.ts';
import { sendFile, sendUrl, suggestTags, type ItemProgress } from './upload-item.ts';
import { listingHead } from '@loopbox/pages';
import { usePage } from '../data/use-page.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/Field.tsx';
import { formatQuantity } from '../../ui/format.ts';

interface Item extends ItemProgress {
  key: string;
  name: string;
  file?: File;
  url?: string;
  fields: UploadFields;
  suggestions: string[];
}

const ACCEPT = 'image/gif,image/png,image/apng,image/webp,video/mp4,video/webm,video/quicktime,.gif,.png,.apng,.webp,.mp4,.webm,.mov';
let keys = 0;

/** Upload (/upload): drop or pick several files, or paste a URL; details before sending; transfer and processing progress per file. */
export default function UploadPage() {
  usePage(listingHead('upload'), { pagePath: '/upload' });
  const [items, setItems] = useState<Item[]>([]);
  const [over, setOver] = useState(false);
  const [url, setUrl] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const update = (key: string, change: Partial<Item>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const addFiles = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = `u${keys++}`;
      setItems((all) => [
        ...all,
        {
          key,
          name: file.name,
          file,
          fields: { ...EMPTY_FIELDS, title: file.name.replace(/\.[^.]+$/, '') },
          suggestions: [],
          transfer: 0,
          processing: 0,
          phase: 'ready',
        },
      ]);
      void framesOf(file)
        .then(suggestTags)
        .then((suggestions) => update(key, { suggestions }));
    }
  };
  const addUrl = () => {
    if (!url.trim()) return;
    setItems((all) => [
      ...all,
      {
        key: `u${keys++}`,
        name: url.trim(),
        url: url.trim(),
        fields: { ...EMPTY_FIELDS },
        suggestions: [],
        transfer: 0,
        processing: 0,
        phase: 'ready',
      },
    ]);
    setUrl('');
  };
  const start = (item: Item) => {
    const onProgress = (p: Partial<ItemProgress>) => update(item.key, p);
    update(item.key, { phase: 'sending' });
    if (item.file) sendFile(item.file, item.fields, onProgress);
    else if (item.url) void sendUrl(item.url, item.fields, onProgress);
  };
  const ready = items.filter((i) => i.phase === 'ready');
  // The quota is read again each time an upload starts or ends.
  const phases = items.map((i) => i.phase).join();

  return (
    <DashboardLayout title="Upload" current="/upload">
      <UploadQuotaLine refresh={phases} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged files only; the keyboard path is its "Choose files" button (the file picker) and the URL field below */}
      <div
        className="lb-dropzone"
        data-over={over}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          addFiles(e.dataTransfer.files);
        }}
      >
        <p>Drop GIFs, stickers (WebP, PNG, APNG) or clips (MP4, WebM, MOV) here, or</p>
        <Button variant="primary" onClick={() => picker.current?.click()}>
          Choose files
        </Button>
        <input
          ref={picker}
          className="lb-visually-hidden"
          type="file"
          multiple
          accept={ACCEPT}
          aria-label="Files to upload"
          onChange={(e) => addFiles(e.target.files)}
          tabIndex={-1}
        />
      </div>
      <form
        className="lb-filters"
        onSubmit={(e) => {
          e.preventDefault();
          addUrl();
        }}
      >
        <TextField
          label="Or paste a URL"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://…/file.gif"
        />
        <Button type="submit">Add URL</Button>
      </form>
      {ready.length > 0 && (
        <Button variant="primary" onClick={() => ready.forEach(start)}>
          Upload {formatQuantity(ready.length, 'file')}
        </Button>
      )}
      <ul className="lb-upload-list" aria-label="Uploads">
        {items.map((item) => (
          <li key={item.key} className="lb-upload-item" data-phase={item.phase}>
            <strong>{item.name}</strong>
            {item.file && item.phase === 'ready' && /^(video\/|image\/gif)/.test(item.file.type) && (
              <TrimTool file={item.file} onTrimmed={(file) => update(item.key, { file, name: file.name })} />
            )}
            <UploadFieldsForm
              id={item.key}
              fields={item.fields}
              suggestions={item.suggestions}
              disabled={item.phase !== 'ready'}
              onChange={(fields) => update(item.key, { fields })}
            />
            <div className="lb-progress">
              <span>Transfer</span>
              <progress max={1} value={item.transfer} aria-label={`Transfer of ${item.name}`} />
              <span>{Math.round(item.transfer * 100)}%</span>
            </div>
            <div className="lb-progress">
              <span>Processing</span>
              <progress max={1} value={item.processing} aria-label={`Processing of ${item.name}`} />
              <span>{Math.round(item.processing * 100)}%</span>
            </div>
            <p role="status">
              {item.phase === 'done' && item.gifId ? (
                <>
                  Ready: <Link href={`/gifs/${item.gifId}`}>see the GIF</Link> ·{' '}
                  <Link href={`/dashboard?edit=${item.gifId}`}>edit it in My GIFs</Link>
                  {item.notice && <span className="lb-upload-item__notice">{item.notice}</span>}
                </>
              ) : item.phase === 'failed' ? (
                <span className="lb-error">Failed: {item.error}</span>
              ) : item.phase === 'ready' ? (
                'Not sent yet'
              ) : item.phase === 'sending' ? (
                'Sending…'
              ) : (
                'Processing…'
              )}
            </p>
          </li>
        ))}
      </ul>
    </DashboardLayout>
  );
}
