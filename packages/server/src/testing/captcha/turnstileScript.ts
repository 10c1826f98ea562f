/** The client script the Turnstile stand-in serves: a dependency-free `window.turnstile`. */
import { TOKEN_TTL_MS } from './turnstileTokens'

/** JSON for inlining in a script: also escapes characters that end a script element or a line in ES2017. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** The served `api.js`: plain ES2017, no dependencies, `CONFIG` = the stand-in origin and `onload` name. */
export function turnstileScript(config: { origin: string; onload: string | null }): string {
  return `/* Foyer's local Turnstile stand-in (not Cloudflare's script). */
(function () {
  'use strict';
  var CONFIG = ${scriptLiteral(config)};
  var RUN_DELAY_MS = 300;
  var TOKEN_TTL_MS = ${TOKEN_TTL_MS};
  var widgets = {};
  var order = [];
  var counter = 0;

  function rethrow(error) {
    setTimeout(function () {
      throw error;
    }, 0);
  }

  function call(widget, name, argument) {
    var fn = widget.params[name];
    if (typeof fn !== 'function') return false;
    try {
      fn(argument);
    } catch (error) {
      rethrow(error);
    }
    return true;
  }

  function containerOf(target) {
    if (typeof target === 'string') {
      try {
        return document.querySelector(target);
      } catch (error) {
        return null;
      }
    }
    return target && target.nodeType === 1 ? target : null;
  }

  function find(target) {
    if (target === undefined || target === null) {
      for (var i = order.length - 1; i >= 0; i -= 1) if (widgets[order[i]]) return widgets[order[i]];
      return null;
    }
    if (typeof target === 'string' && widgets[target]) return widgets[target];
    var element = containerOf(target);
    if (!element) return null;
    for (var j = 0; j < order.length; j += 1) {
      var widget = widgets[order[j]];
      if (widget && widget.container === element) return widget;
    }
    return null;
  }

  function kindOf(sitekey) {
    var prefix = String(sitekey).slice(0, 2);
    if (prefix === '1x') return 'pass';
    if (prefix === '2x') return 'block';
    if (prefix === '3x') return 'interactive';
    return 'invalid';
  }

  function stop(widget) {
    widget.generation += 1;
    widget.running = false;
    clearTimeout(widget.runTimer);
    clearTimeout(widget.expiryTimer);
    if (widget.element && widget.element.parentNode) widget.element.parentNode.removeChild(widget.element);
    widget.element = null;
  }

  function fail(widget, code) {
    widget.running = false;
    if (!call(widget, 'error-callback', code)) rethrow(new Error('[Turnstile stand-in] error ' + code));
  }

  function issue(widget) {
    var generation = widget.generation;
    var params = widget.params;
    var cdata = params.cData !== undefined ? params.cData : params.cdata;
    return fetch(CONFIG.origin + '/turnstile/v0/issue', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sitekey: String(params.sitekey),
        hostname: location.hostname,
        action: params.action === undefined ? '' : String(params.action),
        cdata: cdata === undefined ? '' : String(cdata)
      })
    })
      .then(function (response) {
        if (!response.ok) throw new Error('issue answered ' + response.status);
        return response.json();
      })
      .then(function (body) {
        if (generation !== widget.generation) return;
        widget.running = false;
        widget.token = body.token;
        widget.expired = false;
        widget.expiryTimer = setTimeout(function () {
          if (generation !== widget.generation) return;
          var old = widget.token;
          widget.token = undefined;
          widget.expired = true;
          call(widget, 'expired-callback', old);
        }, TOKEN_TTL_MS);
        call(widget, 'callback', body.token);
      })
      .catch(function () {
        if (generation === widget.generation) fail(widget, '200500');
      });
  }

  function showCheckbox(widget) {
    var button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('role', 'checkbox');
    button.setAttribute('aria-checked', 'false');
    button.setAttribute('aria-label', 'Verify you are human');
    button.setAttribute('data-turnstile-stand-in', widget.id);
    button.textContent = 'I am human';
    button.style.cssText =
      'display:inline-flex;align-items:center;gap:8px;padding:10px 14px;border:1px solid #999;' +
      'border-radius:6px;background:#fff;color:#222;font:14px system-ui,sans-serif;cursor:pointer';
    button.addEventListener('click', function () {
      if (button.getAttribute('aria-checked') === 'true') return;
      button.setAttribute('aria-checked', 'true');
      button.disabled = true;
      call(widget, 'after-interactive-callback');
      issue(widget);
    });
    widget.element = button;
    widget.container.appendChild(button);
    call(widget, 'before-interactive-callback');
  }

  function run(widget) {
    if (widget.running) return;
    widget.running = true;
    var generation = widget.generation;
    widget.runTimer = setTimeout(function () {
      if (generation !== widget.generation) return;
      var kind = kindOf(widget.params.sitekey);
      if (kind === 'block') return fail(widget, '300030');
      if (kind === 'invalid') return fail(widget, '110100');
      if (kind === 'interactive') return showCheckbox(widget);
      issue(widget);
    }, RUN_DELAY_MS);
  }

  function render(target, params) {
    var container = containerOf(target);
    if (!container) throw new Error('[Turnstile stand-in] no container for ' + String(target));
    if (!params || typeof params.sitekey !== 'string' || !params.sitekey)
      throw new Error('[Turnstile stand-in] render needs a sitekey');
    counter += 1;
    var id = 'cf-chl-widget-' + counter.toString(36);
    var widget = {
      id: id,
      container: container,
      params: Object.assign({}, params),
      token: undefined,
      expired: false,
      running: false,
      generation: 0,
      runTimer: undefined,
      expiryTimer: undefined,
      element: null
    };
    widgets[id] = widget;
    order.push(id);
    if ((params.execution || 'render') === 'render') run(widget);
    return id;
  }

  function execute(target, params) {
    var widget = find(target);
    if (!widget) {
      if (!containerOf(target)) throw new Error('[Turnstile stand-in] nothing to execute for ' + String(target));
      render(target, Object.assign({}, params, { execution: 'render' }));
      return;
    }
    if (widget.token && !widget.expired) return;
    run(widget);
  }

  function reset(target) {
    var widget = find(target);
    if (!widget) return;
    stop(widget);
    widget.token = undefined;
    widget.expired = false;
    if ((widget.params.execution || 'render') === 'render') run(widget);
  }

  function remove(target) {
    var widget = find(target);
    if (!widget) return;
    stop(widget);
    delete widgets[widget.id];
    order = order.filter(function (id) { return id !== widget.id; });
  }

  function getResponse(target) {
    var widget = find(target);
    return widget && !widget.expired ? widget.token : undefined;
  }

  function isExpired(target) {
    var widget = find(target);
    return Boolean(widget && widget.expired);
  }

  function ready(callback) {
    setTimeout(callback, 0);
  }

  if (!window.turnstile) {
    window.turnstile = {
      render: render,
      execute: execute,
      reset: reset,
      remove: remove,
      getResponse: getResponse,
      isExpired: isExpired,
      ready: ready
    };
  }
  if (CONFIG.onload && typeof window[CONFIG.onload] === 'function') {
    try {
      window[CONFIG.onload]();
    } catch (error) {
      rethrow(error);
    }
  }
})();
`
}
