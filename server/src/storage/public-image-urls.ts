/**
 * With S3_PUBLIC_URL, every image the API answers is an absolute URL on that host, and so are its
 * thumbnails: browsers fetch them from the bucket or its CDN, not through this server. The
 * database keeps what it always kept (relative paths, banner file names); the change is made here,
 * where responses are serialised, and undone where a client sends an image back
 * (docs/decisions/0019-object-storage-and-thumbnails.md).
 */
import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import {
  advertisement,
  bannerAd,
  isAbsoluteUrl,
  listedUser,
  PACKAGE_ICON_URLS,
  packageRecord,
  product,
  publicUser,
  THUMBNAIL_WIDTHS,
  type ImageThumbnails,
} from '@backoffice/contract';
import { storageKey, type FileStorage } from './file-storage';
import { thumbnailKey } from './thumbnail-keys';
import { ensureThumbnail } from './thumbnails';

/** Banner rows keep a file name; the file is this key. */
const bannerKey = (file: string) => `banner-ads/${file}`;

/** Keys whose thumbnails this process knows exist; cleared when full rather than tracked by age. */
const KNOWN_MAX = 100_000;

export class PublicImageUrls {
  private storage: FileStorage | null = null;
  private log: FastifyBaseLogger | null = null;
  private readonly known = new Set<string>();
  private readonly running = new Set<Promise<unknown>>();

  /** `base`: S3_PUBLIC_URL without a trailing slash. */
  constructor(private readonly base: string) {}

  /**
   * Thumbnails of ad images and profile pictures are made on first request, and a request to the
   * public host cannot make them: once the storage is known, every image answered gets its
   * thumbnails made in the background (once per process; a browser that asks first falls back to
   * the original).
   */
  makeThumbnailsIn(storage: FileStorage, log: FastifyBaseLogger) {
    this.storage = storage;
    this.log = log;
  }

  /** Waits for the thumbnails being made (before the storage closes). */
  async close() {
    await Promise.allSettled([...this.running]);
  }

  private at(key: string) {
    return `${this.base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  private keyOf(stored: string, banner: boolean): string | null {
    if (isAbsoluteUrl(stored)) return null;
    return banner ? storageKey(bannerKey(stored)) : storageKey(stored);
  }

  /** The URL of a stored image path (a banner's file name when `banner`); a value that names no stored file is left as it is. */
  url(stored: string, banner = false): string {
    const key = this.keyOf(stored, banner);
    if (!key) return stored;
    this.warm(key);
    return this.at(key);
  }

  thumbnails(stored: string, banner = false): ImageThumbnails {
    const key = this.keyOf(stored, banner);
    if (!key) return { w96: stored, w480: stored };
    return { w96: this.at(thumbnailKey(key, 96)), w480: this.at(thumbnailKey(key, 480)) };
  }

  /**
   * An image a client sends back: a URL on the public host becomes the stored key; anything else
   * (a relative path, a URL on another host) is left for the usual rules to accept or refuse.
   */
  toStored(value: string): string {
    if (!value.startsWith(`${this.base}/`)) return value;
    let path: string;
    try {
      path = value
        .slice(this.base.length + 1)
        .split('/')
        .map(decodeURIComponent)
        .join('/');
    } catch {
      return value;
    }
    // A query or fragment is not part of any key: such a URL matches nothing and is refused.
    if (/[?#]/.test(path)) return value;
    return storageKey(path) ?? value;
  }

  private warm(key: string) {
    const storage = this.storage;
    if (!storage || this.known.has(key)) return;
    if (this.known.size >= KNOWN_MAX) this.known.clear();
    this.known.add(key);
    const job = Promise.all(THUMBNAIL_WIDTHS.map((w) => ensureThumbnail(storage, key, w)))
      .catch((err: unknown) => {
        // Tried again the next time the image is answered.
        this.known.delete(key);
        this.log?.warn({ err, key }, 'thumbnails of an image could not be made');
      })
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  private ad = (value: unknown): unknown => {
    if (!isRecord(value) || !Array.isArray(value.images)) return value;
    const images = value.images as string[];
    return { ...value, images: images.map((p) => this.url(p)), thumbnails: images.map((p) => this.thumbnails(p)) };
  };

  private banner = (value: unknown): unknown => {
    if (!isRecord(value) || typeof value.image !== 'string') return value;
    return { ...value, image: this.url(value.image, true), thumbnails: this.thumbnails(value.image, true) };
  };

  private user = (value: unknown): unknown => {
    if (!isRecord(value) || !('profilePicture' in value)) return value;
    const picture = value.profilePicture;
    if (typeof picture !== 'string' || picture === '') return { ...value, profilePictureThumbnails: null };
    return { ...value, profilePicture: this.url(picture), profilePictureThumbnails: this.thumbnails(picture) };
  };

  private pkg = (value: unknown): unknown => {
    // The default icons are the web app's own files, not uploads.
    if (!isRecord(value) || typeof value.icon !== 'string') return value;
    if ((PACKAGE_ICON_URLS as readonly string[]).includes(value.icon)) return value;
    return { ...value, icon: this.url(value.icon) };
  };

  private product = (value: unknown): unknown => {
    if (!isRecord(value) || typeof value.image !== 'string') return value;
    return { ...value, image: this.url(value.image) };
  };

  /**
   * What to change in a response of this schema, found once per route from the schema itself:
   * the places where it holds an advertisement, a banner ad or a user. Null when there are none.
   */
  private planFor(schema: unknown, seen = new Set<unknown>()): Rewrite | null {
    if (schema === advertisement) return this.ad;
    if (schema === bannerAd) return this.banner;
    if (schema === publicUser || schema === listedUser) return this.user;
    if (schema === packageRecord) return this.pkg;
    if (schema === product) return this.product;
    // `seen` holds the schemas being walked, so a recursive schema ends; a sibling may repeat one.
    if (!isRecord(schema) || !('_zod' in schema) || seen.has(schema)) return null;
    seen.add(schema);
    try {
      return this.planOf((schema as unknown as $ZodType)._zod.def as unknown as ZodDef, seen);
    } finally {
      seen.delete(schema);
    }
  }

  private planOf(def: ZodDef, seen: Set<unknown>): Rewrite | null {
    switch (def.type) {
      case 'object': {
        const fields = Object.entries(def.shape ?? {})
          .map(([name, s]) => [name, this.planFor(s, seen)] as const)
          .filter((f): f is readonly [string, Rewrite] => f[1] !== null);
        if (!fields.length) return null;
        return (value) => {
          if (!isRecord(value)) return value;
          const out: Record<string, unknown> = { ...value };
          for (const [name, rewrite] of fields) if (name in out) out[name] = rewrite(out[name]);
          return out;
        };
      }
      case 'array': {
        const item = this.planFor(def.element, seen);
        return item && ((value) => (Array.isArray(value) ? value.map(item) : value));
      }
      case 'union': {
        // Each rewrite looks at the value's own fields first, so every option's may be tried.
        const options = (def.options ?? []).map((o) => this.planFor(o, seen)).filter((p) => p !== null);
        return options.length ? (value) => options.reduce((v, rewrite) => rewrite(v), value) : null;
      }
      case 'optional':
      case 'nullable':
      case 'default':
      case 'readonly':
      case 'nonoptional':
        return this.planFor(def.innerType, seen);
      case 'pipe':
        return this.planFor(def.out, seen) ?? this.planFor(def.in, seen);
      default:
        return null;
    }
  }

  /** The serializer compiler of the API with the URLs changed before serialising. */
  serializer(inner: FastifySerializerCompiler<$ZodType | { properties: $ZodType }>) {
    return ((route: Parameters<typeof inner>[0]) => {
      const serialize = inner(route);
      const schema = route.schema;
      const plan = this.planFor('properties' in schema ? schema.properties : schema);
      return plan ? (data: unknown) => serialize(plan(data)) : serialize;
    }) as typeof inner;
  }
}

type Rewrite = (value: unknown) => unknown;

type ZodDef = {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  options?: unknown[];
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
