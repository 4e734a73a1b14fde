/**
 * FilePort on Cloud Storage: bytes at `files/{facilityId|_group}/{id}`, the description in the
 * Firestore document `files/{id}`. The type comes from the bytes (the shared sniffer); `storage.rules`
 * enforces the size limit, the accepted types and the facility access again on the server side.
 */
import {
  collection as collectionRef,
  deleteDoc,
  doc,
  getDocFromServer,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from "firebase/firestore";
import {
  deleteObject,
  getBytes,
  ref as storageRef,
  uploadBytesResumable,
  type FirebaseStorage,
} from "firebase/storage";
import { AppError, defaultMessages } from "@care/core/app-error";
import { ZId } from "@care/core/common.schema";
import { ADMINISTRATOR_ROLE_ID } from "@care/core/collections/roles.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { MAX_FILE_BYTES, ZStoredFile, type FilePort, type TStoredFile } from "@care/core/ports/file.port";
import type { CollectionDef } from "@care/core/collection";
import { collections, type TCollectionName } from "@care/core/registry";
import { canSeeFacility, readableSubjects } from "@care/core/rules/access.rules";
import { fileInUseError, fileLinkFields } from "@care/core/rules/links.rules";
import { downloadName, SNIFF_BYTES, sniffFileType } from "@care/core/rules/file-type.rules";
import { guard, toAppError } from "./firebase-errors.ts";
import { fileBytesPath, FILE_REMOVED_BY_FIELD, FILES_COLLECTION, plainStoredValue } from "./firestore-records.ts";

/** How long a viewed file's blob: URL stays valid: long enough for the new tab to load it. */
const VIEW_URL_LIFETIME_MS = 60_000;

function signedIn(session: () => TSessionUser | null): TSessionUser {
  const user = session();
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return user;
}

/**
 * May `user` remove the file for good? Only its uploader or an administrator (the Administrator role), as
 * the generated rules say; whether a record names it is checked apart.
 */
export function mayRemoveFile(user: TSessionUser, file: Pick<TStoredFile, "createdBy">): boolean {
  return file.createdBy === user.id || user.role === ADMINISTRATOR_ROLE_ID;
}

function fileNotFound(cause?: unknown): AppError {
  return new AppError("NOT_FOUND", "That file does not exist or was removed.", cause === undefined ? {} : { cause });
}

export function createStorageFileAdapter(
  db: Firestore,
  storage: FirebaseStorage,
  session: () => TSessionUser | null,
): FilePort {
  /** The file's description, and where its bytes are (`fileBytesPath`). */
  async function read(id: string): Promise<{ stored: TStoredFile; bytesPath: string }> {
    const user = signedIn(session);
    if (!ZId.safeParse(id).success) throw fileNotFound();
    let data: Record<string, unknown> | undefined;
    try {
      data = (await getDocFromServer(doc(db, FILES_COLLECTION, id))).data();
    } catch (error) {
      const appError = toAppError(error);
      throw appError.code === "FORBIDDEN" ? fileNotFound(error) : appError;
    }
    // Its upload time is the server's (a timestamp the rules pin to the write), read as an ISO string.
    const parsed = ZStoredFile.safeParse({ ...data, createdAt: plainStoredValue(data?.createdAt), id });
    if (!data || !parsed.success || !canSeeFacility(user, parsed.data.facilityId)) throw fileNotFound();
    return { stored: parsed.data, bytesPath: fileBytesPath(id, data) };
  }

  /**
   * Deletes a file's description as `uid`: first marks it with the remover (the rules take only the
   * caller's uid, and delete only a description the caller marked), which `auditFileRemoval` names in
   * the `file_remove` row, since a Firestore trigger gets no auth context for a deletion.
   */
  async function removeDescription(id: string, uid: string): Promise<void> {
    const ref = doc(db, FILES_COLLECTION, id);
    await guard(() => updateDoc(ref, { [FILE_REMOVED_BY_FIELD]: uid }));
    await guard(() => deleteDoc(ref));
  }

  async function describe(id: string): Promise<TStoredFile> {
    return (await read(id)).stored;
  }

  async function download(id: string): Promise<File> {
    const { stored, bytesPath } = await read(id);
    // getBytes, not getBlob: it reads the same bytes through the same rules, in a browser and in Node
    // (where the SDK has no getBlob); the type is the description's, which the bytes were checked against.
    const bytes = await guard(() => getBytes(storageRef(storage, bytesPath), MAX_FILE_BYTES));
    return new File([bytes], downloadName(stored.name, stored.contentType), { type: stored.contentType });
  }

  return {
    async upload(file, name, options) {
      const user = signedIn(session);
      if (file.size > MAX_FILE_BYTES)
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `${defaultMessages.PAYLOAD_TOO_LARGE} The limit is ${MAX_FILE_BYTES / 1024 / 1024} MB.`,
        );
      const contentType = sniffFileType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
      if (contentType === null) throw new AppError("UNSUPPORTED_MEDIA_TYPE", defaultMessages.UNSUPPORTED_MEDIA_TYPE);
      if (!canSeeFacility(user, options.facilityId))
        throw new AppError("FORBIDDEN", "You do not have access to that facility.");
      const id = doc(collectionRef(db, FILES_COLLECTION)).id;
      const stored: Omit<TStoredFile, "createdAt"> = {
        id,
        name: name.slice(0, 255),
        contentType,
        size: file.size,
        facilityId: options.facilityId,
        createdBy: user.id,
      };
      // The description is written first: the storage rules read it to check the facility. Its time is
      // the server's; the description read back after the upload carries it.
      // The id is the document's name, not one of its fields (the rules list the fields a description has).
      const { id: _named, ...fields } = stored;
      await guard(() =>
        setDoc(doc(db, FILES_COLLECTION, id), {
          ...fields,
          createdAt: serverTimestamp(),
          _facility: stored.facilityId,
          _writtenAt: serverTimestamp(),
        }),
      );
      try {
        await new Promise<void>((resolve, reject) => {
          const task = uploadBytesResumable(storageRef(storage, fileBytesPath(id, stored)), file, {
            contentType,
            customMetadata: { fileId: id },
          });
          task.on(
            "state_changed",
            (snap) => options.onProgress?.(snap.totalBytes > 0 ? snap.bytesTransferred / snap.totalBytes : 1),
            reject,
            () => resolve(),
          );
        });
      } catch (error) {
        await removeDescription(id, user.id).catch(() => undefined);
        throw toAppError(error);
      }
      options.onProgress?.(1);
      return describe(id);
    },

    describe,

    download,

    async viewUrl(id) {
      // Not getDownloadURL: that is a bearer link that never expires and passes no rule. The bytes are read
      // through the Storage rules, as the signed-in user, and shown from a blob: URL of this page's origin.
      const url = URL.createObjectURL(await download(id));
      setTimeout(() => URL.revokeObjectURL(url), VIEW_URL_LIFETIME_MS);
      return url;
    },

    async remove(id) {
      const { stored, bytesPath } = await read(id);
      const user = signedIn(session);
      if (!mayRemoveFile(user, stored))
        throw new AppError("FORBIDDEN", "Only the person who uploaded it or an administrator may remove this file.");
      const links = fileLinkFields();
      for (const link of links) {
        // Equality filters need no composite index; the facility, and the subjects the user may read
        // (`access.subjectAreas`: a document's), keep the query within the rules. A record the user may not
        // see that names the file still keeps it: the rules refuse removing a file marked in use.
        const def = collections[link.collection as TCollectionName] as CollectionDef;
        const subjects = readableSubjects(user, def);
        if (subjects?.length === 0) continue;
        const naming = query(
          collectionRef(db, link.collection),
          ...(stored.facilityId === null ? [] : [where("_facility", "==", stored.facilityId)]),
          ...(subjects === undefined ? [] : [where(def.access.subjectAreas!.field, "in", subjects)]),
          where(link.field, "==", id),
          limit(1),
        );
        if (!(await guard(() => getDocs(naming))).empty) throw fileInUseError(link);
      }
      // The description goes first: the rules refuse it for a file a record has named (marked in use, also
      // when that record names another file by now), and the Storage rules let the bytes go only after it.
      try {
        await removeDescription(id, user.id);
      } catch (error) {
        const appError = toAppError(error);
        throw appError.code === "FORBIDDEN" && links[0] ? fileInUseError(links[0]) : appError;
      }
      try {
        await deleteObject(storageRef(storage, bytesPath));
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code !== "NOT_FOUND") throw appError;
      }
    },
  };
}
