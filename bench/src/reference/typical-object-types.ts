/**
 * The values of test-data/payloads/typical-object.schema.json (a JSON Patch whose values are
 * integers, strings or a blog-post document), and the one error type of the hand-written codec.
 */

export type Operation = ValueOperation | FromOperation | RemoveOperation;

export interface ValueOperation {
  op: 'add' | 'replace' | 'test';
  path: string;
  value: number | string | Document;
}

export interface FromOperation {
  op: 'move' | 'copy';
  path: string;
  from: string;
}

export interface RemoveOperation {
  op: 'remove';
  path: string;
}

export interface Document {
  name: string;
  json: DocumentJson;
}

export interface DocumentJson {
  id: string;
  author: Author;
  lastSeen: number;
  tags: (string | null)[];
  pins: { id: number }[];
  marks: { x: number; y: number; w: number; h: number }[];
  hasRetweets: boolean;
  approved: boolean;
  mediumString: string;
  longString: string;
  '👍': number;
}

export interface Author {
  name: string;
  handle: string;
}

/**
 * A value the schema refuses (encode) or input that is not one valid CBOR item of a valid value
 * (decode). `offset`: the byte where decoding failed (-1 when encoding).
 */
export class HandWrittenCodecError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly offset = -1,
  ) {
    super(message);
    this.name = 'HandWrittenCodecError';
  }
}
