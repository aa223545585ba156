import { Booking } from './booking.entity.ts';
import { Category } from './category.entity.ts';
import { Property } from './property.entity.ts';
import { RateLimit } from './rate-limit.entity.ts';
import { Review } from './review.entity.ts';
import { Session } from './session.entity.ts';
import { Settings } from './settings.entity.ts';
import { User } from './user.entity.ts';

export { Booking, Category, Property, RateLimit, Review, Session, Settings, User };
export const entities = [User, Session, RateLimit, Category, Property, Booking, Review, Settings];
