// A page gzipped from its pieces (RFC 1951, 1952): the pieces of a cached document that stay the same
// (document-cache.ts) are deflated once each, those made for the request as they come, and the gzip
// member is framed around them with the CRC-32 of the whole page. Each piece ends with a full flush: it
// starts a new block on a byte boundary and refers back to nothing before it, so deflated pieces may be
// laid side by side whatever stands between them. A page then costs a few small deflates and one
// CRC-32 instead of a whole gzip's CPU time (bench/RESULTS.md).
import { constants, crc32, deflateRawSync } from 'node:zlib';

const FULL_FLUSH = { finishFlush: constants.Z_FULL_FLUSH };
/**
 * For a small piece, a small window and hash: zlib's set-up of its default ones cost more than
 * deflating a countdown's 1–2 KB, and a piece this small never refers further back than the window.
 */
const SMALL = { ...FULL_FLUSH, windowBits: 12, memLevel: 5 };
const SMALL_UP_TO = 1 << 12;

/** Pieces shorter than this are written as they are (a stored block): deflating them would cost more than it saves. */
const STORED_BELOW = 256;

/** A 10-byte gzip header: deflate, no name, no time, any OS (255: unknown). */
const HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255);
/** The last block: stored, empty, final. */
const FINAL_BLOCK = Uint8Array.of(1, 0, 0, 0xff, 0xff);

/** A piece of a page as one or more deflate blocks, ending on a byte boundary, referring to nothing before it. */
export function deflatedPiece(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength >= STORED_BELOW) return deflateRawSync(bytes, bytes.byteLength <= SMALL_UP_TO ? SMALL : FULL_FLUSH);
  // A stored block: a header byte (not final, stored), the length and its complement, the bytes.
  const stored = new Uint8Array(5 + bytes.byteLength);
  stored[1] = bytes.byteLength & 0xff;
  stored[2] = bytes.byteLength >> 8;
  stored[3] = ~bytes.byteLength & 0xff;
  stored[4] = (~bytes.byteLength >> 8) & 0xff;
  stored.set(bytes, 5);
  return stored;
}

/** The gzip member of the page made of `plain` laid end to end, given those pieces deflated (deflatedPiece), in order. */
export function gzipOfPieces(plain: readonly Uint8Array[], deflated: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let size = HEADER.byteLength + FINAL_BLOCK.byteLength + 8;
  for (const piece of deflated) size += piece.byteLength;
  const out = new Uint8Array(size);
  out.set(HEADER, 0);
  let at = HEADER.byteLength;
  for (const piece of deflated) {
    out.set(piece, at);
    at += piece.byteLength;
  }
  out.set(FINAL_BLOCK, at);
  at += FINAL_BLOCK.byteLength;
  let crc = 0;
  let length = 0;
  for (const piece of plain) {
    crc = crc32(piece, crc);
    length += piece.byteLength;
  }
  const trailer = new DataView(out.buffer, at, 8);
  trailer.setUint32(0, crc, true);
  trailer.setUint32(4, length >>> 0, true);
  return out;
}
