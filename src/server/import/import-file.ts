import { texts } from '../../shared/texts.ts';
import { isFirestoreExport, parseFirestoreExport } from './firestore-export.ts';
import { ImportFileError, type ParsedImport } from './import-records.ts';
import { isNaalepudenExport, parseNaalepudenExport } from './naalepuden-export.ts';

/** Recognises the file (our own export, or the old app's Firestore export in either shape) and reads it. */
export function parseImportFile(input: unknown): ParsedImport {
  if (isNaalepudenExport(input)) return parseNaalepudenExport(input);
  if (isFirestoreExport(input)) return parseFirestoreExport(input);
  throw new ImportFileError(texts.data.fileUnknownFormat);
}

/**
 * The JSON value of an import file's text (the CLI reads a file); bad JSON is an ImportFileError with the Danish
 * message. What the value holds is for `importData` to judge.
 */
export function readImportJson(text: string): unknown {
  try {
    // A UTF-8 BOM is not JSON, but editors on Windows like to write one.
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportFileError(texts.data.fileNotJson);
  }
}
