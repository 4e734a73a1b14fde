import { describe, expect, it } from "vitest";
import { contentDisposition, displayName } from "./file-names.ts";

describe("displayName", () => {
  it("keeps an ordinary name", () => {
    expect(displayName("Physician report (LIC 602A).pdf")).toBe("Physician report (LIC 602A).pdf");
    expect(displayName("Überweisung – José.pdf")).toBe("Überweisung – José.pdf");
  });

  it("drops folders, dot prefixes, control, bidi and reserved characters", () => {
    expect(displayName("../../etc/passwd")).toBe("passwd");
    expect(displayName("C:\\Users\\ann\\scan.jpg")).toBe("scan.jpg");
    expect(displayName("..hidden.png")).toBe("hidden.png");
    expect(displayName("a\u0000b\nc.pdf")).toBe("abc.pdf");
    expect(displayName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(displayName('x<y>:"z"|?*.pdf')).toBe("x_y___z____.pdf");
  });

  it("names a nameless file and shortens long names keeping the extension", () => {
    expect(displayName("")).toBe("file");
    expect(displayName(undefined)).toBe("file");
    expect(displayName("/")).toBe("file");
    const long = displayName(`${"a".repeat(400)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the exact UTF-8 name", () => {
    expect(contentDisposition("attachment", "report.pdf")).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(contentDisposition("inline", 'José\'s "file" 100%.pdf')).toBe(
      `inline; filename="Jos_'s _file_ 100_.pdf"; filename*=UTF-8''Jos%C3%A9%27s%20%22file%22%20100%25.pdf`,
    );
  });

  it("cannot be broken out of by a name with header characters", () => {
    const header = contentDisposition("attachment", "a\r\nSet-Cookie: x=1;.pdf");
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="a__Set-Cookie: x=1;.pdf"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1%3B.pdf`,
    );
  });
});
