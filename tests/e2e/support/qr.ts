import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';

interface Raster {
  width: number;
  height: number;
  /** Raw RGBA as base64: a few hundred KB instead of millions of JSON numbers. */
  data: string;
  /** The picture's own width as the browser decoded it (0 for a broken image). */
  naturalWidth: number;
}

/**
 * Draws an inline <svg> or an <img> at 3x its on-page size (so every module is several pixels) on a
 * white canvas, the way a phone camera would see it. An <img> whose source is broken rejects here.
 */
function rasterise(target: Locator): Promise<Raster> {
  return target.evaluate(async (element): Promise<Raster> => {
    const scale = 3;
    const box = element.getBoundingClientRect();
    const width = Math.round(box.width * scale);
    const height = Math.round(box.height * scale);
    let image: HTMLImageElement;
    if (element instanceof HTMLImageElement) {
      image = element;
    } else {
      const copy = element.cloneNode(true) as SVGSVGElement;
      copy.setAttribute('width', String(width));
      copy.setAttribute('height', String(height));
      image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
    }
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image, 0, 0, width, height);
    const bytes = context.getImageData(0, 0, width, height).data;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return { width, height, data: btoa(binary), naturalWidth: image.naturalWidth };
  });
}

function decodeRaster(raster: Raster): string {
  const code = jsQR(new Uint8ClampedArray(Buffer.from(raster.data, 'base64')), raster.width, raster.height);
  if (!code) throw new Error('the QR code on the page does not scan');
  return code.data;
}

/**
 * Reads the QR code inside `container` the way a phone would: the rendered SVG is rasterised in the
 * page and the pixels are decoded with jsQR. Returns the decoded text, or throws if it does not scan.
 */
export async function decodeQr(container: Locator): Promise<string> {
  return decodeRaster(await rasterise(container.locator('svg[role="img"]').first()));
}

/** Reads the QR code an <img> shows, with the width the browser decoded it at (0 when broken). */
export async function decodeQrImage(img: Locator): Promise<{ naturalWidth: number; text: string }> {
  const raster = await rasterise(img);
  return { naturalWidth: raster.naturalWidth, text: decodeRaster(raster) };
}
