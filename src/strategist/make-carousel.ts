import type { CarouselSlides, CarouselStrategyInput } from "./carousel";
import { composeCarouselLocally } from "./local/carousel";
import type { Strategist } from "./types";

/** The strategist's carousel for a post; one without its own (a stand-in a test builds) gets the local composer's. */
export function makeCarousel(strategist: Strategist, input: CarouselStrategyInput): Promise<CarouselSlides> {
  return strategist.makeCarousel ? strategist.makeCarousel(input) : Promise.resolve(composeCarouselLocally(input));
}
