/** The payment statuses, each with its fixed colour (spec 001 §4 "Billing"), as Mantine palette names. */
export const STATUS_COLORS = {
  paid: 'green',
  unpaid: 'orange',
  planified: 'blue',
  expired: 'gray',
  reimbursed: 'teal',
  canceled: 'dark',
  refused: 'red',
  chargeback: 'grape',
  bonus: 'yellow',
  pending: 'cyan',
}

export const statusColor = (status) => STATUS_COLORS[status] ?? 'gray'
