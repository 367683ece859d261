// Strings to UTF-8 bytes in one buffer, piece by piece: slices of one page are encoded where they lie,
// never joined into a new string first (joining copies the page, and encoding a joined string copies it
// again).

/** The pieces, one after the other, as UTF-8 bytes. */
export function utf8Of(pieces: readonly string[]): Uint8Array<ArrayBuffer> {
  let size = 0;
  for (const piece of pieces) size += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, at);
}
