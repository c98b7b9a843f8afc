import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * Reads the QR code inside `container` the way a phone would: the rendered SVG is rasterised in the
 * page (at 3x, so every module is several pixels) and the pixels are decoded with jsQR. Returns the
 * decoded text, or throws if the picture does not scan.
 */
export async function decodeQr(container: Locator): Promise<string> {
  const svg = container.locator('svg[role="img"]').first();
  const pixels = await svg.evaluate(async (element) => {
    const scale = 3;
    const box = element.getBoundingClientRect();
    const width = Math.round(box.width * scale);
    const height = Math.round(box.height * scale);
    const copy = element.cloneNode(true) as SVGSVGElement;
    copy.setAttribute('width', String(width));
    copy.setAttribute('height', String(height));
    const source = new XMLSerializer().serializeToString(copy);
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image, 0, 0, width, height);
    // Raw RGBA as base64: a few hundred KB instead of millions of JSON numbers.
    const bytes = context.getImageData(0, 0, width, height).data;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return { width, height, data: btoa(binary) };
  });
  const code = jsQR(new Uint8ClampedArray(Buffer.from(pixels.data, 'base64')), pixels.width, pixels.height);
  if (!code) throw new Error('the QR code on the page does not scan');
  return code.data;
}
