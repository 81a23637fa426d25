import type { WidgetDesign } from '../../shared/domain/widget-design';
import { readable } from '../../shared/color';

/** A font family name safe to put in CSS (letters, digits, spaces, dashes). */
function cssFamily(family: string): string {
  const clean = family.replace(/[^A-Za-z0-9 _-]/g, '').trim();
  return clean === '' ? 'system-ui' : `"${clean}"`;
}
function cssCategory(category: string): string {
  return ['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy'].includes(category) ? category : 'sans-serif';
}

/** The theme as CSS custom properties (colours are validated #rgb/#rrggbb by WidgetDesign). */
export function themeVariables(design: WidgetDesign): string {
  const c = design.colores;
  const pairs = (bg: string, fg: string, pair: { background: string; color: string }) => {
    const ok = readable(pair);
    return { [bg]: ok.background, [fg]: ok.color };
  };
  const vars: Record<string, string> = {
    ...pairs('--header-bg', '--header-fg', c.header),
    ...pairs('--primary-bg', '--primary-fg', c.principal),
    ...pairs('--secondary-bg', '--secondary-fg', c.secundario),
    ...pairs('--human-bg', '--human-fg', c.asesorHumano),
    ...pairs('--agent-msg-bg', '--agent-msg-fg', c.mensajeAsesor),
    ...pairs('--client-msg-bg', '--client-msg-fg', c.mensajeCliente),
    '--footer-bg': c.footer.background,
    '--footer-icons': c.footer.iconsColor,
    ...pairs('--popup-bg', '--popup-fg', c.popups),
    ...pairs('--step-bg', '--step-fg', c.botonesPasos),
    '--font': `${cssFamily(design.font.family)}, ${cssCategory(design.font.category)}`
  };
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}

/** The page's stylesheet (theme-independent part). */
export const WIDGET_CSS = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font-family:var(--font);font-size:16px;line-height:1.4;color:#1f1f1f;background:#e9edf0}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
[hidden]{display:none!important}
.widget{display:flex;flex-direction:column;height:100%;max-width:520px;margin:0 auto;background:#fff;box-shadow:0 0 12px rgba(0,0,0,.15)}
.widget-header{display:flex;align-items:center;gap:12px;padding:12px 16px;background:var(--header-bg);color:var(--header-fg)}
.widget-header img{width:40px;height:40px;border-radius:50%;object-fit:cover;background:#fff}
.widget-header h1{font-size:1.1rem;margin:0}
.widget-header p{font-size:.85rem;margin:0}
.banner{padding:8px 16px;font-size:.9rem;background:var(--secondary-bg);color:var(--secondary-fg)}
.banner:empty{display:none}
.banner[data-state="ASIGNADA"],.banner[data-state="ACTIVA"]{background:var(--human-bg);color:var(--human-fg)}
.banner[data-state="FINALIZADA"]{background:#5f6368;color:#fff}
.connection{padding:6px 16px;font-size:.85rem;background:#fdecea;color:#8a1c1c}
main{flex:1;display:flex;flex-direction:column;min-height:0}
.view{flex:1;display:flex;flex-direction:column;min-height:0}
.entry{padding:16px;overflow:auto}
.entry h2,.end h2{font-size:1.05rem;margin:0 0 8px}
.field{display:flex;flex-direction:column;gap:4px;margin-bottom:12px}
.field label{font-weight:600;font-size:.9rem}
.required{color:#b3261e}
input[type=text],input[type=email],input[type=tel],select,textarea{font:inherit;padding:8px 10px;border:1px solid #8a9299;border-radius:6px;background:#fff;color:#1f1f1f;width:100%}
[aria-invalid="true"]{border-color:#b3261e}
.field-error,.error{color:#b3261e;font-size:.85rem;min-height:0}
.error{margin:8px 0}
button{font:inherit;cursor:pointer;border-radius:6px;border:1px solid transparent;padding:8px 14px}
button:disabled{opacity:.6;cursor:not-allowed}
.primary{background:var(--primary-bg);color:var(--primary-fg)}
.step{background:var(--step-bg);color:var(--step-fg)}
.secondary{background:#fff;color:var(--primary-bg);border-color:var(--primary-bg)}
:focus-visible{outline:3px solid var(--primary-bg);outline-offset:2px}
.messages-log{flex:1;display:flex;flex-direction:column;min-height:0}
.messages{flex:1;list-style:none;margin:0;padding:12px;overflow-y:auto;display:flex;flex-direction:column;gap:8px}
.msg{max-width:85%;padding:8px 12px;border-radius:12px;word-wrap:break-word;overflow-wrap:anywhere}
.msg p{margin:0 0 4px}
.msg-text{white-space:pre-wrap}
.msg time,.msg-status{display:block;font-size:.72rem;text-align:right}
.msg-sender{display:block;font-size:.75rem;font-weight:600;margin-bottom:2px}
.msg--cliente{align-self:flex-end;background:var(--client-msg-bg);color:var(--client-msg-fg);border-bottom-right-radius:4px}
.msg--bot{align-self:flex-start;background:#fff;color:#1f1f1f;border:1px solid #d5dade;border-bottom-left-radius:4px}
.msg--asesor{align-self:flex-start;background:var(--agent-msg-bg);color:var(--agent-msg-fg);border-bottom-left-radius:4px}
.msg--asesor a{color:inherit}
.msg--sistema{align-self:center;background:transparent;color:#5f6368;font-size:.85rem;text-align:center}
.msg[data-status="sending"]{opacity:.7}
.msg[data-status="error"] .msg-status{color:#b3261e;opacity:1}
.msg-image img{max-width:100%;max-height:220px;border-radius:8px;display:block}
.options{display:flex;flex-wrap:wrap;gap:6px;margin-top:4px}
.option{background:var(--step-bg);color:var(--step-fg);padding:6px 10px;font-size:.9rem}
.actions{display:flex;gap:8px;justify-content:space-between;padding:8px 12px;border-top:1px solid #e0e3e6}
.composer{display:flex;flex-direction:column;gap:6px;padding:8px 12px;background:var(--footer-bg);border-top:1px solid #e0e3e6}
.composer-row{display:flex;gap:8px;align-items:flex-end}
.composer textarea{resize:none;min-height:44px;max-height:140px}
.attach{position:relative;display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;border:1px solid var(--footer-icons);border-radius:6px;color:var(--footer-icons);cursor:pointer}
.attach input{position:absolute;inset:0;opacity:0;cursor:pointer;width:100%}
.attach:focus-within{outline:3px solid var(--primary-bg);outline-offset:2px}
.attachment{display:flex;gap:8px;align-items:center;font-size:.85rem}
.attachment button{padding:2px 8px;background:#fff;border-color:#8a9299}
.dialog{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.4)}
.dialog-box{background:var(--popup-bg);color:var(--popup-fg);padding:20px;border-radius:10px;max-width:340px;margin:16px}
.dialog-box h2{margin:0 0 8px;font-size:1.05rem}
.dialog-actions{display:flex;gap:8px;justify-content:flex-end;margin-top:16px}
.end{padding:16px;border-top:1px solid #e0e3e6;overflow:auto}
.end h2:focus{outline:none}
.end>button{margin-top:12px}
fieldset{border:1px solid #d5dade;border-radius:8px;margin:0 0 12px;padding:8px 12px}
legend{font-size:.9rem;padding:0 4px}
.scale{display:flex;flex-wrap:wrap;gap:4px}
.scale label{display:inline-flex;align-items:center;justify-content:center;min-width:36px;min-height:36px;border:1px solid #8a9299;border-radius:6px;cursor:pointer;position:relative}
.scale input{position:absolute;opacity:0;inset:0;margin:0;cursor:pointer}
.scale label:has(input:checked){background:var(--primary-bg);color:var(--primary-fg);border-color:var(--primary-bg)}
.scale label:focus-within{outline:3px solid var(--primary-bg);outline-offset:2px}
.thanks{font-weight:600}
.error-page{padding:32px 16px;text-align:center}
`;
