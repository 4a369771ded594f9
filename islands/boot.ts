import { type ComponentType, createElement } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Hydrates every element the server marked for this island, with the props it serialised.
 * The server rendered each island as its own root with identifierPrefix = its element id,
 * so useId values match on both sides.
 */
export function hydrateIslands<Props extends object>(name: string, Component: ComponentType<Props>) {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const id = element.id;
    const propsText = document.getElementById(`${id}-props`)?.textContent ?? "{}";
    hydrateRoot(element, createElement(Component, JSON.parse(propsText)), { identifierPrefix: id });
    element.dataset.hydrated = "true";
  }
}
