import { useState } from 'react';
import { A11y, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/swiper.css';
import { Icon, TitledSection } from '@portal/ui';
import { CategoryTile } from './category-tile';
import { CAROUSEL_LABELS, CATEGORY_CAROUSEL_OPTIONS } from './carousel-options';
import './category-carousel.css';

const MODULES = [Navigation, A11y];

/** A row of category cards with previous/next buttons (product §2.11). */
export function CategoryCarousel({ categories, title }: { categories: readonly string[]; title: string }) {
  // Swiper needs the button elements themselves; state (not refs) re-renders once they exist.
  const [previousButton, setPreviousButton] = useState<HTMLButtonElement | null>(null);
  const [nextButton, setNextButton] = useState<HTMLButtonElement | null>(null);

  return (
    <TitledSection
      block="category-carousel"
      title={title}
      controls={
        <div className="category-carousel__controls">
          <button
            ref={setPreviousButton}
            type="button"
            className="category-carousel__button"
            aria-label={CAROUSEL_LABELS.previous}
          >
            <Icon name="chevronLeft" />
          </button>
          <button ref={setNextButton} type="button" className="category-carousel__button" aria-label={CAROUSEL_LABELS.next}>
            <Icon name="chevronRight" />
          </button>
        </div>
      }
    >
      <Swiper
        className="category-carousel__track"
        modules={MODULES}
        {...CATEGORY_CAROUSEL_OPTIONS}
        navigation={{ prevEl: previousButton, nextEl: nextButton, addIcons: false }}
        a11y={{ prevSlideMessage: CAROUSEL_LABELS.previous, nextSlideMessage: CAROUSEL_LABELS.next }}
      >
        {categories.map((category) => (
          <SwiperSlide key={category} className="category-carousel__slide">
            <CategoryTile category={category} />
          </SwiperSlide>
        ))}
      </Swiper>
    </TitledSection>
  );
}
