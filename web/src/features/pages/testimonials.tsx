import { useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { CAROUSEL_MS, stepCarousel, swipeStep, TESTIMONIAL_COUNT } from '#shared/ui.ts';
import { SOCIAL_HANDLE } from '#web/lib/shop-paths.ts';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '#web/ui/icons.tsx';

/** The five fixed quotes of the home page; one mentions the social handle. */
export const testimonials = [
  { quote: 'Comprei um colar para a minha mãe e ela adorou! A qualidade é incrível e chegou em dois dias.', author: 'Marta S., Lisboa' },
  { quote: 'Uso o meu anel todos os dias há meses e continua como novo. Aço inoxidável a sério!', author: 'Joana R., Porto' },
  { quote: 'A embalagem é linda e reciclável. Nota-se o cuidado e o carinho em cada detalhe.', author: 'Inês P., Braga' },
  { quote: 'Os brincos são levíssimos e não me causaram qualquer alergia. Já encomendei mais!', author: 'Carla M., Coimbra' },
  {
    quote: `Descobri a marca no Instagram (${SOCIAL_HANDLE}) e foi amor à primeira vista. Recomendo a toda a gente!`,
    author: 'Sofia L., Faro',
  },
] as const satisfies readonly { quote: string; author: string }[];

function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  // Not known before the app runs in the browser (a pre-rendered page): still until then.
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setReduced(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * The carousel's position and rotation: it advances every 3 s with wrap-around, and stops while the
 * pointer is over it or the keyboard focus is in it (`regionEvents`, for its region), when the visitor
 * pauses it, and for visitors who ask for reduced motion.
 */
function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !paused && !hovered && !focused && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => stepCarousel(i, 1, count)), CAROUSEL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  const regionEvents = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
  const go = (step: number) => setIndex((i) => stepCarousel(i, step, count));
  return { index, setIndex, go, paused, togglePause: () => setPaused((p) => !p), reducedMotion, rotating, regionEvents };
}

type Carousel = ReturnType<typeof useCarousel>;

/** A swipe of more than 50 px on the track goes forward (left) or back (right). */
function useSwipe(go: (step: number) => void) {
  const swipeStart = useRef<number | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      swipeStart.current = event.clientX;
    },
    onPointerUp: (event: PointerEvent) => {
      if (swipeStart.current === null) return;
      const step = swipeStep(event.clientX - swipeStart.current);
      swipeStart.current = null;
      if (step !== 0) go(step);
    },
    onPointerCancel: () => (swipeStart.current = null),
  };
}

/** The quotes, the active one highlighted (the others hidden from assistive technology); swiped to move. */
function Slides({ carousel: { index, go, rotating } }: { carousel: Carousel }) {
  const swipe = useSwipe(go);
  const count = TESTIMONIAL_COUNT;
  return (
    <div className="carousel__track" aria-live={rotating ? 'off' : 'polite'} {...swipe}>
      {testimonials.map((item, i) => {
        const offset = stepCarousel(i - index, 0, count);
        const position = offset === 0 ? 'active' : offset === 1 ? 'next' : offset === count - 1 ? 'prev' : 'off';
        return (
          <div
            key={item.author}
            className={`carousel__slide carousel__slide--${position}`}
            data-active={offset === 0}
            aria-roledescription="opinião"
            role="group"
            aria-label={`${i + 1} de ${count}`}
            aria-hidden={offset !== 0}
          >
            <blockquote>
              <p>“{item.quote}”</p>
              <footer>{item.author}</footer>
            </blockquote>
          </div>
        );
      })}
    </div>
  );
}

/** Back, a dot per quote, forward, and pause/resume (not offered with reduced motion: it never rotates). */
function Controls({ carousel: { index, setIndex, go, paused, togglePause, reducedMotion } }: { carousel: Carousel }) {
  return (
    <div className="carousel__controls">
      <button type="button" className="icon-button" onClick={() => go(-1)} aria-label="Opinião anterior">
        <ChevronLeftIcon />
      </button>
      <div className="carousel__dots">
        {testimonials.map((item, i) => (
          <button
            key={item.author}
            type="button"
            className="carousel__dot"
            aria-label={`Mostrar opinião ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
      <button type="button" className="icon-button" onClick={() => go(1)} aria-label="Opinião seguinte">
        <ChevronRightIcon />
      </button>
      {!reducedMotion && (
        <button type="button" className="icon-button" onClick={togglePause} aria-label={paused ? 'Retomar a rotação' : 'Pausar a rotação'}>
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
      )}
    </div>
  );
}

/**
 * 'Os Nossos Clientes Satisfeitos': advances every 3 s with wrap-around; a swipe of more than 50 px
 * goes forward (left) or back (right); the active quote is highlighted. It stops while the pointer
 * is over it or the keyboard focus is in it, when the visitor pauses it, and for visitors who ask for
 * reduced motion.
 */
export function Testimonials() {
  const carousel = useCarousel(TESTIMONIAL_COUNT);
  return (
    <section className="section testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <h2 id="testimonials-title" className="section-title">
          Os Nossos Clientes Satisfeitos
        </h2>
        <div
          className="carousel"
          aria-roledescription="carrossel"
          aria-label="Opiniões de clientes"
          role="region"
          {...carousel.regionEvents}
        >
          <Slides carousel={carousel} />
          <Controls carousel={carousel} />
        </div>
      </div>
    </section>
  );
}
