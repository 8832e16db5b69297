/**
 * Every limit of the shop's data in one place (docs/product/limits.md). Schemas, services and the import
 * read them from here; the database repeats the same numbers as CHECK constraints in migration
 * 0002-limits-and-bead-name-key (migrations never import app code, so change both together).
 */

/** Longest customer or bead name, in characters after cleaning (see names.ts). */
export const MAX_NAME_LENGTH = 120;

/**
 * A customer's contact details (repeated in migration 0006-customer-contact): a phone number of
 * digits, spaces, '+' and '-'; an e-mail address (the longest an address may be, RFC 5321); a postal address
 * over a few lines.
 */
export const MAX_PHONE_LENGTH = 30;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_ADDRESS_LENGTH = 300;

/**
 * The structured address (repeated in migration 0010-customer-address). A line of a label holds at most
 * 54 characters (the postal union's rule for an address block), so 'Adresse' and 'Ekstra adresselinje' do too;
 * 'postnr by' stays within it. A foreign postcode has at most 10 characters (Danish ones are 4 digits, 1000–9999).
 * 'Adresse' may hold up to MAX_ADDRESS_LENGTH in the database: an old free-text address that could not be read
 * stays there as it was, marked 'Tjek adressen', until the owner saves it.
 */
export const MAX_ADDRESS_LINE_LENGTH = 54;
export const MAX_CITY_LENGTH = 40;
export const MAX_POSTCODE_LENGTH = 10;

/** Longest free-line text. */
export const MAX_LINE_TEXT_LENGTH = 200;

/** Highest price of a bead or free line: 100.000 kr in øre. Sums of many lines stay exact integers. */
export const MAX_PRICE_ORE = 10_000_000;

/** A todo's amount, also after merging with another todo of the same bead and customer. */
export const MIN_TODO_AMOUNT = 1;
export const MAX_TODO_AMOUNT = 999;

/** How many todos the todo page's first screen asks for (GET /api/todos/first): a tall phone shows about 12. */
export const FIRST_SCREEN_TODOS = 40;
/** The most GET /api/todos/first gives: it is for a screenful; the whole list is GET /api/todos. */
export const MAX_FIRST_SCREEN_TODOS = 100;

/**
 * Lines one order may hold. Completing a todo adds one line per unit (at most 999), so two full todos
 * fit; the bill and every screen that shows the order stay quick.
 */
export const MAX_LINES_PER_ORDER = 2_000;

/** Largest import file the server accepts (the import route's own body limit), in bytes. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** Deepest nesting of objects and arrays an import file may have; real exports need fewer than 10. */
export const MAX_IMPORT_DEPTH = 64;

/**
 * Bead photos (docs/product/beads.md#photos, decision 0016). A bead has at most MAX_PHOTOS_PER_BEAD; an upload
 * carries at most that many files of at most MAX_PHOTO_BYTES each, and a picture of more than
 * MAX_PHOTO_PIXELS is refused before it is decoded (a decompression bomb). The server keeps two WebP versions:
 * a display image whose long edge is at most PHOTO_DISPLAY_EDGE and a square thumbnail of PHOTO_THUMB_EDGE.
 * The phone shrinks a photo to PHONE_PHOTO_EDGE (JPEG, PHONE_JPEG_QUALITY) before it sends it.
 */
export const MAX_PHOTOS_PER_BEAD = 6;
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 50_000_000;
export const PHOTO_DISPLAY_EDGE = 1600;
export const PHOTO_THUMB_EDGE = 320;
export const PHONE_PHOTO_EDGE = 2048;
export const PHONE_JPEG_QUALITY = 0.85;
/**
 * The export with photos (a zip) sent to the import over the network: at most this many bytes (the laptop's
 * own `npm run import` reads any size). A request must arrive within 30 s, which bounds it anyway.
 */
export const MAX_IMPORT_ZIP_BYTES = 200 * 1024 * 1024;

/**
 * The shop's settings (Indstillinger → Butik). Migration 0005-shop-settings repeats these numbers as
 * CHECK constraints (migrations never import app code, so change both together).
 */
/** Highest postage, normal or with home delivery: 1.000 kr in øre. */
export const MAX_POSTAGE_ORE = 100_000;
/** Longest bill greeting or closing, in characters after cleaning. */
export const MAX_BILL_TEXT_LENGTH = 500;
/** A MobilePay number is 8 digits (a Danish mobile number), a MobilePay Box number 5. */
export const MOBILEPAY_NUMBER_DIGITS = 8;
export const MOBILEPAY_BOX_DIGITS = 5;
/** A Danish bank account: a 4-digit registration number and an account number of up to 10 digits. */
export const BANK_REG_DIGITS = 4;
export const MAX_BANK_ACCOUNT_DIGITS = 10;

/**
 * Payment reminders: an order in Afventer betaling needs a reminder after this many whole days, 1–365
 * (repeated in migration 0008-payment-reminders as a CHECK). The reminders list gives at most
 * MAX_REMINDERS_PAGE orders per request.
 */
export const MIN_REMINDER_DAYS = 1;
export const MAX_REMINDER_DAYS = 365;
export const REMINDERS_PAGE = 50;
export const MAX_REMINDERS_PAGE = 200;

/** The years Salg can show (GET /api/sales?year=…). */
export const MIN_SALES_YEAR = 2000;
export const MAX_SALES_YEAR = 2100;

/**
 * Stock (docs/product/stock.md; repeated in migration 0011-stock as CHECKs): a count, a delivery and a
 * correction carry at most MAX_STOCK_QUANTITY beads; a correction's reason is at most MAX_STOCK_REASON_LENGTH
 * characters; 'Få tilbage' is set between 0 and MAX_LOW_STOCK_THRESHOLD. A delivery fills at most
 * MAX_DELIVERY_TODOS waiting todos in one step.
 */
export const MAX_STOCK_QUANTITY = 99_999;
export const MAX_STOCK_REASON_LENGTH = 80;
export const MAX_LOW_STOCK_THRESHOLD = 999;
export const MAX_DELIVERY_TODOS = 200;

/**
 * Texts that go out (docs/product/messages.md#texts-that-go-out; repeated in migration 0015-texts-that-go-out as
 * CHECKs): a Pakkenummer has at most MAX_TRACKING_NUMBER_LENGTH characters, a tracking link's template at most
 * MAX_TRACKING_URL_LENGTH, a message template ('Din pakke er sendt', 'Din perle er kommet') at most
 * MAX_MESSAGE_TEMPLATE_LENGTH. The shipping service's file read for Pakkenumre is at most MAX_TRACKING_CSV_LENGTH
 * characters and MAX_TRACKING_CSV_ROWS rows.
 */
export const MAX_TRACKING_NUMBER_LENGTH = 40;
export const MAX_TRACKING_URL_LENGTH = 300;
export const MAX_MESSAGE_TEMPLATE_LENGTH = 500;
export const MAX_TRACKING_CSV_LENGTH = 1_000_000;
export const MAX_TRACKING_CSV_ROWS = 2_000;
