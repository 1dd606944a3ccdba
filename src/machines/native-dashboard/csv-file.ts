/** A file for the viewer to keep: the breakdown's export. */
export interface CsvFile {
  name: string;
  blob: Blob;
}

/** Hands the file to the browser's download, under its name. */
export function saveFile({ name, blob }: CsvFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
