/** A list of page cards: a Mantine carousel from 5 pages (4.3 slides on wide screens, 2 below 1024px, 1 below
 *  600px, scrolling 4 at a time, the mouse wheel moving it), a flat wrapping row below that. */
import { Carousel } from '@mantine/carousel'
import '@mantine/carousel/styles.css'
import { SimpleGrid } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CAROUSEL_FROM } from './pageModel'

const WHEEL_PAUSE_MS = 350

function useWheel(embla, target) {
  useEffect(() => {
    const node = target.current
    if (!embla || !node) return undefined
    let last = 0
    const onWheel = (event) => {
      const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY
      const forward = delta > 0
      if (delta === 0 || (forward ? !embla.canScrollNext() : !embla.canScrollPrev())) return
      event.preventDefault()
      const now = Date.now()
      if (now - last < WHEEL_PAUSE_MS) return
      last = now
      if (forward) embla.scrollNext()
      else embla.scrollPrev()
    }
    node.addEventListener('wheel', onWheel, { passive: false })
    return () => node.removeEventListener('wheel', onWheel)
  }, [embla, target])
}

export default function PageRow({ pages, renderCard, label }) {
  const { t } = useTranslation()
  const narrow = useMediaQuery('(max-width: 599px)')
  const tablet = useMediaQuery('(max-width: 1023px)')
  const [embla, setEmbla] = useState(null)
  const wrapper = useRef(null)
  useWheel(embla, wrapper)

  if (pages.length < CAROUSEL_FROM) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" aria-label={label} role="list" className="page-row">
        {pages.map((page) => (
          <div role="listitem" key={`${page.platform}-${page.idPage}`}>{renderCard(page)}</div>
        ))}
      </SimpleGrid>
    )
  }
  const slideSize = narrow ? '100%' : tablet ? '50%' : `${100 / 4.3}%`
  return (
    <div ref={wrapper} className="page-carousel">
      <Carousel slideSize={slideSize} slideGap="md" emblaOptions={{ slidesToScroll: narrow ? 1 : tablet ? 2 : 4, align: 'start', containScroll: 'trimSnaps' }}
        getEmblaApi={setEmbla} aria-label={label} controlSize={30} controlsOffset={2} px={38}
        previousControlProps={{ 'aria-label': t('pageCards.previous') }} nextControlProps={{ 'aria-label': t('pageCards.next') }}>
        {pages.map((page) => (
          <Carousel.Slide key={`${page.platform}-${page.idPage}`} py={4}>{renderCard(page)}</Carousel.Slide>
        ))}
      </Carousel>
    </div>
  )
}
