import { categoriesRouter } from './routers/categories.ts';
import { configRouter } from './routers/config.ts';
import { propertiesRouter } from './routers/properties.ts';
import { reviewsRouter } from './routers/reviews.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  config: configRouter,
  categories: categoriesRouter,
  properties: propertiesRouter,
  reviews: reviewsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
