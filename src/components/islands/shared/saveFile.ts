/**
 * Saves a file the page holds (CSV text made in the browser, or a statement downloaded with the
 * member's session) under a name: a link to an object URL, clicked.
 */
export function saveFile(content: string | Blob, filename: string): void {
  const blob =
    typeof content === 'string' ? new Blob([content], { type: 'text/csv;charset=utf-8' }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  // Firefox only follows a click on a link that is in the document.
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
