/** Uploaded files live under `salons/<salonId>/`, so one salon's objects are one prefix. */
export interface Uploads {
  deleteSalonObjects(salonId: string): Promise<number>;
  /** Stores one object under the salon's prefix; `key` is relative to it. Answers the full key. */
  putSalonObject(salonId: string, key: string, body: Uint8Array, contentType: string): Promise<string>;
}
