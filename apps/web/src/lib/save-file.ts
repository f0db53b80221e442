/**
 * Saves `blob` as a download named `fileName`: the bytes go behind an object URL clicked through a hidden link
 * with `download`, so the browser saves the file and never renders it in the page (a customer's photo, a
 * statement), and a file fetched with a bearer (which a plain link cannot carry) still downloads.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked once the click has been handled: the browser has the bytes by then.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
