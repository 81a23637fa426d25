/**
 * The launcher's and the panel's stylesheet, inside the loader's shadow root (the host page's CSS
 * cannot reach it). Colours come from custom properties the loader sets on its host element
 * (--atiende-bg, --atiende-fg: the widget's principal colours). Under 481 px of width or 561 px
 * of height — a phone, or a desktop at 200 % zoom — the open panel takes the whole viewport and
 * the widget's own 'Minimizar chat' closes it.
 */
export const LOADER_CSS = `
:host{all:initial}
.launcher{position:fixed;right:16px;bottom:16px;z-index:2147483646;width:56px;height:56px;border-radius:50%;border:2px solid var(--atiende-fg);background:var(--atiende-bg);color:var(--atiende-fg);box-shadow:0 4px 12px rgba(0,0,0,.3);cursor:pointer;display:flex;align-items:center;justify-content:center;padding:0;margin:0}
.launcher:focus-visible{outline:3px solid #1f1f1f;outline-offset:3px;box-shadow:0 0 0 6px #fff}
.launcher svg{width:28px;height:28px;fill:currentColor}
.badge{position:absolute;top:-4px;right:-4px;min-width:22px;height:22px;padding:0 6px;border-radius:11px;background:#b3261e;color:#fff;font:700 12px/22px system-ui,sans-serif;text-align:center;box-sizing:border-box}
.badge[hidden],.panel[hidden]{display:none}
.panel{position:fixed;right:16px;bottom:88px;z-index:2147483647;width:min(380px,calc(100vw - 32px));height:min(600px,calc(100vh - 112px));border-radius:12px;overflow:hidden;box-shadow:0 8px 28px rgba(0,0,0,.3);background:#fff}
.panel iframe{border:0;width:100%;height:100%;display:block}
@media (max-width:480px),(max-height:560px){
.panel{inset:0;width:100%;height:100%;border-radius:0}
:host([data-open]) .launcher{display:none}
}
`;
