/** Up to `count` frames of a chosen file as PNG blobs, drawn in the browser (images: the first frame; video: spread over its length). */
export async function framesOf(file: File, count = 3): Promise<Blob[]> {
  const url = URL.createObjectURL(file);
  try {
    if (file.type.startsWith('video/')) return await videoFrames(url, count);
    const img = new Image();
    img.src = url;
    await img.decode();
    return [await draw(img, img.naturalWidth, img.naturalHeight)];
  } catch {
    return [];
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function videoFrames(url: string, count: number): Promise<Blob[]> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.src = url;
  await new Promise((resolve, reject) => {
    video.onloadeddata = resolve;
    video.onerror = reject;
  });
  const frames: Blob[] = [];
  for (let i = 0; i < count; i++) {
    video.currentTime = (video.duration * (i + 0.5)) / count;
    await new Promise((resolve) => (video.onseeked = resolve));
    frames.push(await draw(video, video.videoWidth, video.videoHeight));
  }
  return frames;
}

function draw(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const scale = Math.min(1, 480 / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext('2d')!.drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no frame'))), 'image/png'));
}
