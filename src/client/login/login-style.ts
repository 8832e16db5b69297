/**
 * The login page's look without MUI: the same card, fields, buttons and toasts as the app's theme
 * (app/theme.ts: primary #7b2d55, 12 px corners, the system font) and the set-up page's card
 * (features/auth/auth-layout.tsx), in a few lines of CSS.
 */
export const LOGIN_STYLE = `
.login-page { min-height: 100dvh; display: grid; place-items: center; padding: 16px; box-sizing: border-box;
  background: linear-gradient(160deg, #f7e4ee 0%, #f7f3f5 45%, #e6ebff 100%);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: rgba(0, 0, 0, 0.87); line-height: 1.5; }
.login-page *, .login-toasts * { box-sizing: border-box; }
.login-card { width: 100%; max-width: 420px; background: #fff; border-radius: 12px; padding: 24px;
  box-shadow: 0 10px 40px rgba(123, 45, 85, 0.12); }
@media (min-width: 600px) { .login-card { padding: 32px; } }
.login-brand { display: flex; align-items: center; gap: 12px; margin-bottom: 24px; }
.login-brand img { width: 44px; height: 44px; }
.login-brand p { margin: 0; font-size: 1.6rem; font-weight: 700; line-height: 1.167; color: #7b2d55; }
.login-card h1 { margin: 0 0 0.35em; font-size: 1.3rem; font-weight: 700; line-height: 1.2; }
.login-form { display: flex; flex-direction: column; gap: 16px; }
.login-field { position: relative; }
.login-field input { display: block; width: 100%; height: 56px; margin: 0; padding: 16.5px 14px;
  font: inherit; font-size: 1rem; color: inherit; background: transparent;
  border: 1px solid rgba(0, 0, 0, 0.23); border-radius: 12px; outline: none; }
.login-field input:hover { border-color: rgba(0, 0, 0, 0.87); }
.login-field input:focus { border: 2px solid #7b2d55; padding: 15.5px 13px; }
.login-field label { position: absolute; left: 10px; top: 16px; padding: 0 4px; max-width: calc(100% - 24px);
  color: rgba(0, 0, 0, 0.6); font-size: 1rem; line-height: 1.4375em; pointer-events: none; background: #fff;
  transform-origin: top left; transition: transform 150ms ease, color 150ms ease; }
.login-field input:focus + label,
.login-field input:not(:placeholder-shown) + label,
.login-field input:-webkit-autofill + label { transform: translate(0, -25px) scale(0.75); }
.login-field input:focus + label { color: #7b2d55; }
.login-field.login-error input { border-color: #d32f2f; }
.login-field.login-error label { color: #d32f2f; }
.login-helper { margin: 3px 14px 0; font-size: 0.75rem; line-height: 1.66; color: #d32f2f; }
.login-helper:empty { display: none; }
.login-button { display: block; width: 100%; min-height: 42px; margin: 0; padding: 8px 22px; font: inherit;
  font-size: 0.9375rem; font-weight: 600; line-height: 1.75; border-radius: 12px; cursor: pointer; }
.login-primary { border: 0; background: #7b2d55; color: #fff; }
.login-primary:hover { background: #561f3b; }
.login-primary:focus-visible, .login-outlined:focus-visible { outline: 3px solid rgba(123, 45, 85, 0.4); outline-offset: 2px; }
.login-primary:disabled { background: rgba(0, 0, 0, 0.12); color: rgba(0, 0, 0, 0.38); cursor: default; }
.login-outlined { border: 1px solid rgba(123, 45, 85, 0.5); background: #fff; color: #7b2d55; }
.login-outlined:hover { border-color: #7b2d55; background: rgba(123, 45, 85, 0.04); }
.login-divider { display: flex; align-items: center; gap: 12px; color: rgba(0, 0, 0, 0.6); font-size: 1rem; }
.login-divider::before, .login-divider::after { content: ""; flex: 1; border-top: 1px solid rgba(0, 0, 0, 0.12); }
.login-toasts { position: fixed; left: 0; right: 0; bottom: 24px; display: flex; justify-content: center;
  padding: 0 16px; pointer-events: none; z-index: 10;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
.login-toast { width: 356px; max-width: 100%; padding: 16px; border-radius: 8px; font-size: 13px;
  font-weight: 500; box-shadow: 0 4px 12px rgba(0, 0, 0, 0.1); pointer-events: auto; border: 1px solid; }
.login-toast-error { background: hsl(359, 100%, 97%); color: hsl(360, 100%, 38%); border-color: hsl(359, 100%, 94%); }
.login-toast-success { background: hsl(143, 85%, 96%); color: hsl(140, 100%, 24%); border-color: hsl(145, 92%, 87%); }
`;
