-- A guest's data exported (Settings › Privacy, the admin CLI's `guest export`) is audited like an
-- erasure: who, when, which way, how many bookings, a hash of the e-mail (never the data).
ALTER TYPE "AuditAction" ADD VALUE 'guest_data_exported';
