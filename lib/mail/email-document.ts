import { escapeHtml } from "./render-guest-email";

/**
 * The HTML frame of the e-mails the application sends: one centred white column on a light
 * background, system fonts, no external images or fonts. Callers escape what they put in
 * (escapeHtml): `body` is markup.
 */
export function emailDocument(input: { title: string; eyebrow: string; heading: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1c1917">
<p style="margin:0 0 8px;font-size:16px;color:#57534e">${escapeHtml(input.eyebrow)}</p>
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3">${escapeHtml(input.heading)}</h1>
${input.body}
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
}

/** A paragraph of the e-mail (`content` is markup). */
export function emailParagraph(content: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${content}</p>`;
}

/** The e-mail's one link as a button, and its address written out for when the button does not work. */
export function emailButton(url: string, label: string): string {
  return (
    `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 24px;background:#1c1917;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p>\n` +
    emailParagraph(`<span style="color:#57534e">If the button does not work, open this address: <a href="${escapeHtml(url)}" style="color:#1c1917;word-break:break-all">${escapeHtml(url)}</a></span>`)
  );
}
