import type { FastifyInstance } from 'fastify';
import { endpointAreas, type CatalogueArea } from '../../shared/api/catalogue';
import { toRoutePattern } from '../../shared/api/endpoint';

/**
 * A route module: the catalogue areas (src/shared/api/<area>.ts) whose entries it implements, and
 * the `implement(...)` calls that do. src/server/routes/index.ts lists every module; a module that
 * registers a route outside its areas stops the platform at start-up (registerModules), so the
 * area a module names is where its entries are.
 */
export interface RouteModule {
  readonly areas: readonly CatalogueArea[];
  readonly register: (app: FastifyInstance) => void;
}

export function defineRoutes(areas: CatalogueArea | readonly CatalogueArea[], register: (app: FastifyInstance) => void): RouteModule {
  return { areas: typeof areas === 'string' ? [areas] : areas, register };
}

/** 'METHOD /fastify/:pattern' of each entry of the areas. */
function routeKeys(areas: readonly CatalogueArea[]): Set<string> {
  return new Set(areas.flatMap((area) => Object.values(endpointAreas[area]).map((def) => `${def.method} ${toRoutePattern(def.path)}`)));
}

/**
 * Registers each module in a plugin of its own whose onRoute hook refuses (the platform does not
 * start) a route that is not an entry of the module's areas. The routes are the platform's all the
 * same: a plugin only scopes the hook.
 */
export function registerModules(app: FastifyInstance, modules: readonly RouteModule[]): void {
  for (const module of modules) {
    const allowed = routeKeys(module.areas);
    void app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          // Fastify adds a HEAD route beside each GET.
          if (method === 'HEAD') continue;
          const key = `${method} ${route.url}`;
          if (!allowed.has(key)) throw new Error(`${key} is not an entry of the catalogue areas ${module.areas.join(', ')}`);
        }
      });
      module.register(scope);
    });
  }
}
