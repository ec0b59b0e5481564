import { describe, expect, it, vi } from 'vitest';
import { isHeic, jpegName, MAX_PHOTO_BYTES, moveItem, photoKind, resolutionError, scaledSize, sizeError, typeError } from './image-rules';
import { preparePhoto, type PhotoTools } from './prepare-photo';

const named = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('photo rules', () => {
  it('take JPEG, PNG and HEIC/HEIF (by type, or by name when untyped) and refuse the rest', () => {
    expect(photoKind(named('a.jpg', 'image/jpeg'))).toBe('jpeg');
    expect(photoKind(named('a.png', 'image/png'))).toBe('png');
    expect(photoKind(named('IMG_1.HEIC', ''))).toBe('heic');
    expect(photoKind(named('IMG_1.heif', 'application/octet-stream'))).toBe('heic');
    expect(photoKind(named('IMG_1.heic', 'image/heic'))).toBe('heic');
    expect(photoKind(named('a.webp', 'image/webp'))).toBeNull();
    expect(photoKind(named('a.gif', 'image/gif'))).toBeNull();
    expect(photoKind(named('a.pdf', ''))).toBeNull();
    // A typed file is judged by its type, not its name.
    expect(photoKind(named('a.jpg', 'image/gif'))).toBeNull();
    expect(isHeic(named('x.HEIC', ''))).toBe(true);
    expect(typeError(named('doc.pdf', 'application/pdf'))).toBe('doc.pdf is not a JPEG or PNG image.');
  });

  it('refuse a file over 20 MB (20,971,520 bytes) with its name', () => {
    expect(sizeError(named('big.jpg', 'image/jpeg', MAX_PHOTO_BYTES))).toBeNull();
    expect(sizeError(named('big.jpg', 'image/jpeg', MAX_PHOTO_BYTES + 1))).toBe('big.jpg exceeds the maximum size of 20MB.');
  });

  it('refuse an image under 360 x 360 pixels', () => {
    expect(resolutionError('a.png', 360, 360)).toBeNull();
    expect(resolutionError('a.png', 4000, 3000)).toBeNull();
    expect(resolutionError('a.png', 359, 800)).toBe('Resolution error for a.png');
    expect(resolutionError('a.png', 800, 359)).toBe('Resolution error for a.png');
  });

  it('scale to 1920 px on the longest side, never up', () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1920, height: 1440 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1440, height: 1920 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('name the JPEG after the file and reorder photos', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('car.front.png')).toBe('car.front.jpg');
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});

function tools(size = { width: 800, height: 600 }): PhotoTools & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    convertHeic: vi.fn(async (b: Blob, q: number) => {
      calls.push(`heic@${q}`);
      return new Blob([new Uint8Array(b.size)], { type: 'image/jpeg' });
    }),
    dimensions: vi.fn(async () => {
      calls.push('dimensions');
      return size;
    }),
    compress: vi.fn(async () => {
      calls.push('compress');
      return new Blob([new Uint8Array(10)], { type: 'image/jpeg' });
    }),
  };
}

const file = (name: string, type: string, bytes = 100) => new File([new Uint8Array(bytes)], name, { type });

describe('preparing a chosen photo', () => {
  it('skips an empty file without a message', async () => {
    const t = tools();
    expect(await preparePhoto(file('empty.jpg', 'image/jpeg', 0), t)).toEqual({ kind: 'skip' });
    expect(t.calls).toEqual([]);
  });

  it('converts HEIC to JPEG at 0.9 before any other check, then checks and compresses', async () => {
    const t = tools();
    const r = await preparePhoto(file('IMG_1.HEIC', ''), t);
    expect(t.calls).toEqual(['heic@0.9', 'dimensions', 'compress']);
    expect(r.kind).toBe('ok');
    if (r.kind === 'ok') {
      expect(r.file.name).toBe('IMG_1.jpg');
      expect(r.file.type).toBe('image/jpeg');
    }
  });

  it('does not convert JPEG or PNG', async () => {
    const t = tools();
    expect((await preparePhoto(file('a.png', 'image/png'), t)).kind).toBe('ok');
    expect(t.calls).toEqual(['dimensions', 'compress']);
  });

  it('refuses a wrong type, a file over 20 MB and a small image, each by name', async () => {
    expect(await preparePhoto(file('a.gif', 'image/gif'), tools())).toEqual({ kind: 'error', message: 'a.gif is not a JPEG or PNG image.' });
    const big = file('big.jpg', 'image/jpeg', 10);
    Object.defineProperty(big, 'size', { value: MAX_PHOTO_BYTES + 1 });
    const t = tools();
    expect(await preparePhoto(big, t)).toEqual({ kind: 'error', message: 'big.jpg exceeds the maximum size of 20MB.' });
    expect(t.calls).toEqual([]);
    const small = tools({ width: 300, height: 400 });
    expect(await preparePhoto(file('small.jpg', 'image/jpeg'), small)).toEqual({ kind: 'error', message: 'Resolution error for small.jpg' });
    expect(small.calls).toEqual(['dimensions']);
  });
});
