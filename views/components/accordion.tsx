import type { ReactNode } from "react";

export type AccordionItem = { question: string; answer: ReactNode };

/**
 * The FAQ accordion (WAI-ARIA accordion pattern): each header is a button with aria-expanded
 * and aria-controls inside a heading; each panel a labelled region. The first item starts open.
 * islands/site/public-site.ts makes it single-open (opening one closes the others; the open one can
 * be closed) and moves focus with Arrow Up/Down, Home and End. With JavaScript off every
 * panel stays visible: closed panels are hidden only under <html class="js">.
 */
export function Accordion({ id, items, headingLevel = 3 }: { id: string; items: AccordionItem[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <div data-accordion className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
      {items.map((item, index) => {
        const open = index === 0;
        return (
          <div key={item.question} data-accordion-item>
            <Heading className="m-0">
              <button
                type="button"
                id={`${id}-header-${index}`}
                aria-expanded={open}
                aria-controls={`${id}-panel-${index}`}
                data-accordion-header
                className="flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary"
              >
                <span>{item.question}</span>
                <svg
                  className="size-5 shrink-0 transition-transform [[aria-expanded=true]>&]:rotate-180"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  aria-hidden="true"
                >
                  <path strokeLinecap="round" strokeLinejoin="round" d="m6 9 6 6 6-6" />
                </svg>
              </button>
            </Heading>
            <section
              id={`${id}-panel-${index}`}
              aria-labelledby={`${id}-header-${index}`}
              data-accordion-panel
              data-closed={open ? undefined : ""}
              className="px-5 pb-5 text-base-content/80 [.js_&[data-closed]]:hidden"
            >
              {item.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
