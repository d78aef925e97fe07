/** The card checkout is reached by an auto-submitted HTML POST form (docs/card-gateway.md): this form holds only
 *  the address and the fields the server computed and signed, and is submitted as soon as it is on the page. */
import { useEffect, useRef } from 'react'

export default function CheckoutForm({ url, fields }) {
  const form = useRef(null)
  useEffect(() => {
    form.current?.submit()
  }, [url, fields])
  return (
    <form ref={form} method="post" action={url} className="checkout-form" hidden>
      {fields.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
    </form>
  )
}
