// The database's types (`Database`), as `supabase gen types typescript` prints them.
// Generated from supabase/migrations by `npm run db:types` (scripts/db-types.ts): do not edit;
// re-run it after adding a migration (`npm test` fails while this file is stale).
export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "13"
  }
  public: {
    Tables: {
      audit_log: {
        Row: {
          action: string
          actor_id: string | null
          actor_role: string | null
          changes: NonNullable<Json>
          created_at: string
          id: number
          record_id: string
          table_name: string
        }
        Insert: {
          action: string
          actor_id?: string | null
          actor_role?: string | null
          changes?: NonNullable<Json>
          created_at?: string
          id?: never
          record_id: string
          table_name: string
        }
        Update: {
          action?: string
          actor_id?: string | null
          actor_role?: string | null
          changes?: NonNullable<Json>
          created_at?: string
          id?: never
          record_id?: string
          table_name?: string
        }
        Relationships: []
      }
      blog_posts: {
        Row: {
          author_id: string | null
          author_name: string | null
          content: string
          cover_image_alt: string | null
          cover_image_url: string | null
          created_at: string
          excerpt: string | null
          id: string
          published_at: string | null
          seo_description: string | null
          seo_title: string | null
          slug: string
          status: string
          tags: string[]
          title: string
          updated_at: string
        }
        Insert: {
          author_id?: string | null
          author_name?: string | null
          content?: string
          cover_image_alt?: string | null
          cover_image_url?: string | null
          created_at?: string
          excerpt?: string | null
          id?: string
          published_at?: string | null
          seo_description?: string | null
          seo_title?: string | null
          slug: string
          status?: string
          tags?: string[]
          title: string
          updated_at?: string
        }
        Update: {
          author_id?: string | null
          author_name?: string | null
          content?: string
          cover_image_alt?: string | null
          cover_image_url?: string | null
          created_at?: string
          excerpt?: string | null
          id?: string
          published_at?: string | null
          seo_description?: string | null
          seo_title?: string | null
          slug?: string
          status?: string
          tags?: string[]
          title?: string
          updated_at?: string
        }
        Relationships: []
      }
      bookings: {
        Row: {
          assigned_to: string | null
          attendees: number
          consent_at: string
          created_at: string
          email: string
          full_name: string
          id: string
          internal_notes: string | null
          message: string | null
          phone: string
          preferred_date: string
          property_id: string | null
          property_slug: string | null
          source_host: string | null
          starts_at: string
          status: string
          time_slot: string
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          assigned_to?: string | null
          attendees?: number
          consent_at: string
          created_at?: string
          email: string
          full_name: string
          id?: string
          internal_notes?: string | null
          message?: string | null
          phone: string
          preferred_date: string
          property_id?: string | null
          property_slug?: string | null
          source_host?: string | null
          starts_at: string
          status?: string
          time_slot: string
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          assigned_to?: string | null
          attendees?: number
          consent_at?: string
          created_at?: string
          email?: string
          full_name?: string
          id?: string
          internal_notes?: string | null
          message?: string | null
          phone?: string
          preferred_date?: string
          property_id?: string | null
          property_slug?: string | null
          source_host?: string | null
          starts_at?: string
          status?: string
          time_slot?: string
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "bookings_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      co_broke_deals: {
        Row: {
          agency_commission: number | null
          agreed_price: number | null
          commission_paid_on: string | null
          commission_status: string
          created_at: string
          created_by: string | null
          currency: string
          id: string
          partner_commission: number | null
          partner_id: string
          partner_note: string | null
          partner_split_percent: number
          property_id: string | null
          registration_id: string | null
          stage: string
          title: string
          updated_at: string
        }
        Insert: {
          agency_commission?: number | null
          agreed_price?: number | null
          commission_paid_on?: string | null
          commission_status?: string
          created_at?: string
          created_by?: string | null
          currency?: string
          id?: string
          partner_commission?: never
          partner_id: string
          partner_note?: string | null
          partner_split_percent: number
          property_id?: string | null
          registration_id?: string | null
          stage?: string
          title: string
          updated_at?: string
        }
        Update: {
          agency_commission?: number | null
          agreed_price?: number | null
          commission_paid_on?: string | null
          commission_status?: string
          created_at?: string
          created_by?: string | null
          currency?: string
          id?: string
          partner_commission?: never
          partner_id?: string
          partner_note?: string | null
          partner_split_percent?: number
          property_id?: string | null
          registration_id?: string | null
          stage?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "co_broke_deals_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "co_broke_deals_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "co_broke_deals_registration_id_fkey"
            columns: ["registration_id"]
            isOneToOne: true
            referencedRelation: "partner_buyer_registrations"
            referencedColumns: ["id"]
          },
        ]
      }
      consultations: {
        Row: {
          assigned_to: string | null
          consent_at: string
          created_at: string
          email: string
          full_name: string
          id: string
          internal_notes: string | null
          meeting_mode: string
          message: string | null
          phone: string
          preferred_date: string
          service: string
          source_host: string | null
          starts_at: string
          status: string
          time_slot: string
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          assigned_to?: string | null
          consent_at: string
          created_at?: string
          email: string
          full_name: string
          id?: string
          internal_notes?: string | null
          meeting_mode?: string
          message?: string | null
          phone: string
          preferred_date: string
          service: string
          source_host?: string | null
          starts_at: string
          status?: string
          time_slot: string
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          assigned_to?: string | null
          consent_at?: string
          created_at?: string
          email?: string
          full_name?: string
          id?: string
          internal_notes?: string | null
          meeting_mode?: string
          message?: string | null
          phone?: string
          preferred_date?: string
          service?: string
          source_host?: string | null
          starts_at?: string
          status?: string
          time_slot?: string
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: []
      }
      contact_activities: {
        Row: {
          actor_id: string | null
          body: string | null
          contact_id: string
          created_at: string
          dedup_key: string | null
          details: NonNullable<Json>
          direction: string | null
          id: string
          kind: string
          occurred_at: string
          record_id: string | null
          record_table: string | null
          summary: string
          updated_at: string
        }
        Insert: {
          actor_id?: string | null
          body?: string | null
          contact_id: string
          created_at?: string
          dedup_key?: string | null
          details?: NonNullable<Json>
          direction?: string | null
          id?: string
          kind: string
          occurred_at?: string
          record_id?: string | null
          record_table?: string | null
          summary: string
          updated_at?: string
        }
        Update: {
          actor_id?: string | null
          body?: string | null
          contact_id?: string
          created_at?: string
          dedup_key?: string | null
          details?: NonNullable<Json>
          direction?: string | null
          id?: string
          kind?: string
          occurred_at?: string
          record_id?: string | null
          record_table?: string | null
          summary?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "contact_activities_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
        ]
      }
      contact_submissions: {
        Row: {
          assigned_to: string | null
          consent_at: string
          created_at: string
          email: string
          full_name: string
          id: string
          internal_notes: string | null
          message: string
          phone: string | null
          property_id: string | null
          property_slug: string | null
          source_host: string | null
          status: string
          subject: string | null
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          assigned_to?: string | null
          consent_at: string
          created_at?: string
          email: string
          full_name: string
          id?: string
          internal_notes?: string | null
          message: string
          phone?: string | null
          property_id?: string | null
          property_slug?: string | null
          source_host?: string | null
          status?: string
          subject?: string | null
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          assigned_to?: string | null
          consent_at?: string
          created_at?: string
          email?: string
          full_name?: string
          id?: string
          internal_notes?: string | null
          message?: string
          phone?: string | null
          property_id?: string | null
          property_slug?: string | null
          source_host?: string | null
          status?: string
          subject?: string | null
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "contact_submissions_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      contacts: {
        Row: {
          address: string | null
          alt_email: string | null
          alt_phone: string | null
          anonymised_at: string | null
          anonymised_by: string | null
          assignee_id: string | null
          city: string | null
          company_id: string | null
          company_name: string | null
          consent_at: string | null
          consent_note: string | null
          consent_source: string | null
          consent_status: string
          created_at: string
          display_name: string | null
          email: string | null
          first_name: string | null
          ghana_post_gps: string | null
          id: string
          industry: string | null
          job_title: string | null
          kind: string
          last_activity_at: string | null
          last_name: string | null
          marketing_consent: boolean
          marketing_consent_at: string | null
          neighbourhood: string | null
          notes: string | null
          owner_id: string | null
          phone: string | null
          phone_network: string | null
          search_text: string | null
          source: string | null
          stage: string
          tags: string[]
          tin: string | null
          type: string
          updated_at: string
          website: string | null
        }
        Insert: {
          address?: string | null
          alt_email?: string | null
          alt_phone?: string | null
          anonymised_at?: string | null
          anonymised_by?: string | null
          assignee_id?: string | null
          city?: string | null
          company_id?: string | null
          company_name?: string | null
          consent_at?: string | null
          consent_note?: string | null
          consent_source?: string | null
          consent_status?: string
          created_at?: string
          display_name?: never
          email?: string | null
          first_name?: string | null
          ghana_post_gps?: string | null
          id?: string
          industry?: string | null
          job_title?: string | null
          kind?: string
          last_activity_at?: string | null
          last_name?: string | null
          marketing_consent?: boolean
          marketing_consent_at?: string | null
          neighbourhood?: string | null
          notes?: string | null
          owner_id?: string | null
          phone?: string | null
          phone_network?: never
          search_text?: never
          source?: string | null
          stage?: string
          tags?: string[]
          tin?: string | null
          type?: string
          updated_at?: string
          website?: string | null
        }
        Update: {
          address?: string | null
          alt_email?: string | null
          alt_phone?: string | null
          anonymised_at?: string | null
          anonymised_by?: string | null
          assignee_id?: string | null
          city?: string | null
          company_id?: string | null
          company_name?: string | null
          consent_at?: string | null
          consent_note?: string | null
          consent_source?: string | null
          consent_status?: string
          created_at?: string
          display_name?: never
          email?: string | null
          first_name?: string | null
          ghana_post_gps?: string | null
          id?: string
          industry?: string | null
          job_title?: string | null
          kind?: string
          last_activity_at?: string | null
          last_name?: string | null
          marketing_consent?: boolean
          marketing_consent_at?: string | null
          neighbourhood?: string | null
          notes?: string | null
          owner_id?: string | null
          phone?: string | null
          phone_network?: never
          search_text?: never
          source?: string | null
          stage?: string
          tags?: string[]
          tin?: string | null
          type?: string
          updated_at?: string
          website?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "contacts_company_id_fkey"
            columns: ["company_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
        ]
      }
      deal_commission_splits: {
        Row: {
          created_at: string
          deal_id: string
          id: string
          partner_contact_id: string | null
          party: string
          position: number
          share_amount: number | null
          share_percent: number | null
          share_type: string
          updated_at: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          deal_id: string
          id?: string
          partner_contact_id?: string | null
          party: string
          position?: number
          share_amount?: number | null
          share_percent?: number | null
          share_type: string
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          deal_id?: string
          id?: string
          partner_contact_id?: string | null
          party?: string
          position?: number
          share_amount?: number | null
          share_percent?: number | null
          share_type?: string
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "deal_commission_splits_deal_id_fkey"
            columns: ["deal_id"]
            isOneToOne: false
            referencedRelation: "deals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deal_commission_splits_partner_contact_id_fkey"
            columns: ["partner_contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
        ]
      }
      deal_contacts: {
        Row: {
          contact_id: string
          created_at: string
          deal_id: string
          role: string
          updated_at: string
        }
        Insert: {
          contact_id: string
          created_at?: string
          deal_id: string
          role?: string
          updated_at?: string
        }
        Update: {
          contact_id?: string
          created_at?: string
          deal_id?: string
          role?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "deal_contacts_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deal_contacts_deal_id_fkey"
            columns: ["deal_id"]
            isOneToOne: false
            referencedRelation: "deals"
            referencedColumns: ["id"]
          },
        ]
      }
      deal_lost_reasons: {
        Row: {
          created_at: string
          id: string
          is_active: boolean
          label: string
          position: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          is_active?: boolean
          label: string
          position?: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          is_active?: boolean
          label?: string
          position?: number
          updated_at?: string
        }
        Relationships: []
      }
      deal_pipelines: {
        Row: {
          created_at: string
          id: string
          is_archived: boolean
          key: string
          name: string
          position: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          is_archived?: boolean
          key: string
          name: string
          position?: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          is_archived?: boolean
          key?: string
          name?: string
          position?: number
          updated_at?: string
        }
        Relationships: []
      }
      deal_stages: {
        Row: {
          created_at: string
          id: string
          key: string
          name: string
          outcome: string
          pipeline_id: string
          position: number
          probability: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          key: string
          name: string
          outcome?: string
          pipeline_id: string
          position: number
          probability: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          key?: string
          name?: string
          outcome?: string
          pipeline_id?: string
          position?: number
          probability?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "deal_stages_pipeline_id_fkey"
            columns: ["pipeline_id"]
            isOneToOne: false
            referencedRelation: "deal_pipelines"
            referencedColumns: ["id"]
          },
        ]
      }
      deals: {
        Row: {
          assignee_id: string | null
          closed_at: string | null
          commission_amount: number | null
          commission_rate: number | null
          commission_type: string
          contact_id: string | null
          created_at: string
          currency: string
          expected_close_date: string | null
          id: string
          last_activity_at: string | null
          lost_note: string | null
          lost_reason_id: string | null
          notes: string | null
          owner_id: string | null
          pipeline_id: string
          property_id: string | null
          search_text: string | null
          stage_entered_at: string
          stage_id: string
          status: string
          title: string
          updated_at: string
          value: number
        }
        Insert: {
          assignee_id?: string | null
          closed_at?: string | null
          commission_amount?: number | null
          commission_rate?: number | null
          commission_type?: string
          contact_id?: string | null
          created_at?: string
          currency?: string
          expected_close_date?: string | null
          id?: string
          last_activity_at?: string | null
          lost_note?: string | null
          lost_reason_id?: string | null
          notes?: string | null
          owner_id?: string | null
          pipeline_id: string
          property_id?: string | null
          search_text?: never
          stage_entered_at?: string
          stage_id: string
          status?: string
          title: string
          updated_at?: string
          value?: number
        }
        Update: {
          assignee_id?: string | null
          closed_at?: string | null
          commission_amount?: number | null
          commission_rate?: number | null
          commission_type?: string
          contact_id?: string | null
          created_at?: string
          currency?: string
          expected_close_date?: string | null
          id?: string
          last_activity_at?: string | null
          lost_note?: string | null
          lost_reason_id?: string | null
          notes?: string | null
          owner_id?: string | null
          pipeline_id?: string
          property_id?: string | null
          search_text?: never
          stage_entered_at?: string
          stage_id?: string
          status?: string
          title?: string
          updated_at?: string
          value?: number
        }
        Relationships: [
          {
            foreignKeyName: "deals_contact_id_fkey"
            columns: ["contact_id"]
            isOneToOne: false
            referencedRelation: "contacts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deals_lost_reason_id_fkey"
            columns: ["lost_reason_id"]
            isOneToOne: false
            referencedRelation: "deal_lost_reasons"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deals_pipeline_id_fkey"
            columns: ["pipeline_id"]
            isOneToOne: false
            referencedRelation: "deal_pipelines"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deals_pipeline_id_stage_id_fkey"
            columns: ["pipeline_id", "stage_id"]
            isOneToOne: false
            referencedRelation: "deal_stages"
            referencedColumns: ["pipeline_id", "id"]
          },
          {
            foreignKeyName: "deals_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      exchange_rates: {
        Row: {
          base_currency: string
          created_at: string
          created_by: string | null
          effective_on: string
          id: string
          quote_currency: string
          rate: number
          source: string
        }
        Insert: {
          base_currency?: string
          created_at?: string
          created_by?: string | null
          effective_on: string
          id?: string
          quote_currency?: string
          rate: number
          source: string
        }
        Update: {
          base_currency?: string
          created_at?: string
          created_by?: string | null
          effective_on?: string
          id?: string
          quote_currency?: string
          rate?: number
          source?: string
        }
        Relationships: []
      }
      invoice_items: {
        Row: {
          created_at: string
          description: string
          id: string
          invoice_id: string
          position: number
          quantity: number
          tax_class: string
          unit_price: number
          updated_at: string
        }
        Insert: {
          created_at?: string
          description: string
          id?: string
          invoice_id: string
          position?: number
          quantity?: number
          tax_class?: string
          unit_price: number
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string
          id?: string
          invoice_id?: string
          position?: number
          quantity?: number
          tax_class?: string
          unit_price?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "invoice_items_invoice_id_fkey"
            columns: ["invoice_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id"]
          },
        ]
      }
      invoices: {
        Row: {
          amount_paid: number
          assignee_id: string | null
          bill_to_address: string | null
          bill_to_email: string | null
          bill_to_name: string
          bill_to_phone: string | null
          created_at: string
          created_by: string | null
          currency: string
          due_date: string | null
          gra_invoice_id: string | null
          gra_qr_code: string | null
          id: string
          issue_date: string
          notes: string | null
          number: string
          owner_id: string | null
          payment_instructions: string | null
          status: string
          updated_at: string
        }
        Insert: {
          amount_paid?: number
          assignee_id?: string | null
          bill_to_address?: string | null
          bill_to_email?: string | null
          bill_to_name: string
          bill_to_phone?: string | null
          created_at?: string
          created_by?: string | null
          currency?: string
          due_date?: string | null
          gra_invoice_id?: string | null
          gra_qr_code?: string | null
          id?: string
          issue_date?: string
          notes?: string | null
          number: string
          owner_id?: string | null
          payment_instructions?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          amount_paid?: number
          assignee_id?: string | null
          bill_to_address?: string | null
          bill_to_email?: string | null
          bill_to_name?: string
          bill_to_phone?: string | null
          created_at?: string
          created_by?: string | null
          currency?: string
          due_date?: string | null
          gra_invoice_id?: string | null
          gra_qr_code?: string | null
          id?: string
          issue_date?: string
          notes?: string | null
          number?: string
          owner_id?: string | null
          payment_instructions?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: []
      }
      module_access: {
        Row: {
          created_at: string
          label: string
          mode: string
          module: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          created_at?: string
          label: string
          mode: string
          module: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          created_at?: string
          label?: string
          mode?: string
          module?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: []
      }
      notifications: {
        Row: {
          actor_id: string | null
          body: string | null
          created_at: string
          id: string
          kind: string
          link: string | null
          read_at: string | null
          record_id: string | null
          record_table: string | null
          title: string
          updated_at: string
          user_id: string
        }
        Insert: {
          actor_id?: string | null
          body?: string | null
          created_at?: string
          id?: string
          kind: string
          link?: string | null
          read_at?: string | null
          record_id?: string | null
          record_table?: string | null
          title: string
          updated_at?: string
          user_id: string
        }
        Update: {
          actor_id?: string | null
          body?: string | null
          created_at?: string
          id?: string
          kind?: string
          link?: string | null
          read_at?: string | null
          record_id?: string | null
          record_table?: string | null
          title?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      outgoing_emails: {
        Row: {
          attempts: number
          created_at: string
          dedup_key: string | null
          headers: NonNullable<Json>
          html: string
          id: string
          kind: string
          last_error: string | null
          lease_until: string | null
          not_before: string
          notification_id: string | null
          sent_at: string | null
          status: string
          subject: string
          text_body: string | null
          to_address: string
          updated_at: string
        }
        Insert: {
          attempts?: number
          created_at?: string
          dedup_key?: string | null
          headers?: NonNullable<Json>
          html: string
          id?: string
          kind?: string
          last_error?: string | null
          lease_until?: string | null
          not_before?: string
          notification_id?: string | null
          sent_at?: string | null
          status?: string
          subject: string
          text_body?: string | null
          to_address: string
          updated_at?: string
        }
        Update: {
          attempts?: number
          created_at?: string
          dedup_key?: string | null
          headers?: NonNullable<Json>
          html?: string
          id?: string
          kind?: string
          last_error?: string | null
          lease_until?: string | null
          not_before?: string
          notification_id?: string | null
          sent_at?: string | null
          status?: string
          subject?: string
          text_body?: string | null
          to_address?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "outgoing_emails_notification_id_fkey"
            columns: ["notification_id"]
            isOneToOne: false
            referencedRelation: "notifications"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_agreements: {
        Row: {
          created_at: string
          created_by: string | null
          document_name: string | null
          document_path: string | null
          ends_on: string | null
          id: string
          partner_id: string
          split_percent: number | null
          starts_on: string
          terms: string | null
          title: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          document_name?: string | null
          document_path?: string | null
          ends_on?: string | null
          id?: string
          partner_id: string
          split_percent?: number | null
          starts_on: string
          terms?: string | null
          title: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          document_name?: string | null
          document_path?: string | null
          ends_on?: string | null
          id?: string
          partner_id?: string
          split_percent?: number | null
          starts_on?: string
          terms?: string | null
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "partner_agreements_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_buyer_registrations: {
        Row: {
          buyer_email: string | null
          buyer_name: string
          buyer_phone: string | null
          created_at: string
          id: string
          notes: string | null
          partner_id: string
          property_id: string
          registered_by: string | null
          status: string
          updated_at: string
        }
        Insert: {
          buyer_email?: string | null
          buyer_name: string
          buyer_phone?: string | null
          created_at?: string
          id?: string
          notes?: string | null
          partner_id: string
          property_id: string
          registered_by?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          buyer_email?: string | null
          buyer_name?: string
          buyer_phone?: string | null
          created_at?: string
          id?: string
          notes?: string | null
          partner_id?: string
          property_id?: string
          registered_by?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "partner_buyer_registrations_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "partner_buyer_registrations_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_listing_shares: {
        Row: {
          created_at: string
          id: string
          note: string | null
          partner_id: string
          partner_split_percent: number
          property_id: string
          shared_by: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          note?: string | null
          partner_id: string
          partner_split_percent: number
          property_id: string
          shared_by?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          note?: string | null
          partner_id?: string
          partner_split_percent?: number
          property_id?: string
          shared_by?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "partner_listing_shares_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "partner_listing_shares_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_members: {
        Row: {
          created_at: string
          email: string
          full_name: string
          id: string
          invited_at: string | null
          partner_id: string
          phone: string | null
          position: string | null
          updated_at: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          email: string
          full_name: string
          id?: string
          invited_at?: string | null
          partner_id: string
          phone?: string | null
          position?: string | null
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          email?: string
          full_name?: string
          id?: string
          invited_at?: string | null
          partner_id?: string
          phone?: string | null
          position?: string | null
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "partner_members_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
        ]
      }
      partner_messages: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          from_partner: boolean
          id: string
          partner_id: string
          read_at: string | null
          updated_at: string
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          from_partner: boolean
          id?: string
          partner_id: string
          read_at?: string | null
          updated_at?: string
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          from_partner?: boolean
          id?: string
          partner_id?: string
          read_at?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "partner_messages_partner_id_fkey"
            columns: ["partner_id"]
            isOneToOne: false
            referencedRelation: "partners"
            referencedColumns: ["id"]
          },
        ]
      }
      partners: {
        Row: {
          address: string | null
          city: string | null
          commission_terms: string | null
          created_at: string
          default_split_percent: number
          email: string | null
          id: string
          kind: string
          licence_expires_on: string | null
          name: string
          owner_id: string | null
          phone: string | null
          reac_licence_number: string
          search_text: string | null
          status: string
          updated_at: string
        }
        Insert: {
          address?: string | null
          city?: string | null
          commission_terms?: string | null
          created_at?: string
          default_split_percent?: number
          email?: string | null
          id?: string
          kind?: string
          licence_expires_on?: string | null
          name: string
          owner_id?: string | null
          phone?: string | null
          reac_licence_number: string
          search_text?: never
          status?: string
          updated_at?: string
        }
        Update: {
          address?: string | null
          city?: string | null
          commission_terms?: string | null
          created_at?: string
          default_split_percent?: number
          email?: string | null
          id?: string
          kind?: string
          licence_expires_on?: string | null
          name?: string
          owner_id?: string | null
          phone?: string | null
          reac_licence_number?: string
          search_text?: never
          status?: string
          updated_at?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          avatar_url: string | null
          created_at: string
          email: string | null
          first_name: string | null
          last_name: string | null
          phone: string | null
          role: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          avatar_url?: string | null
          created_at?: string
          email?: string | null
          first_name?: string | null
          last_name?: string | null
          phone?: string | null
          role?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          avatar_url?: string | null
          created_at?: string
          email?: string | null
          first_name?: string | null
          last_name?: string | null
          phone?: string | null
          role?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      properties: {
        Row: {
          address: string | null
          agent_id: string | null
          assignee_id: string | null
          bathrooms: number | null
          bedrooms: number | null
          city: string
          created_at: string
          created_by: string | null
          currency: string
          description: string | null
          featured: boolean
          features: string[]
          floor_area_sqm: number | null
          furnishing: string | null
          ghana_post_gps: string | null
          has_boys_quarters: boolean
          id: string
          is_gated: boolean
          is_serviced: boolean
          land_size_sqm: number | null
          latitude: number | null
          lease_years_remaining: number | null
          listing_type: string
          longitude: number | null
          neighbourhood: string | null
          owner_id: string | null
          plots: number | null
          price: number | null
          price_on_request: boolean
          property_type: string
          public_since: string | null
          published_at: string | null
          region: string | null
          rent_advance_months: number | null
          rent_period: string | null
          search_text: string | null
          seo_description: string | null
          seo_title: string | null
          slug: string
          status: string
          tenure: string | null
          title: string
          title_type: string | null
          title_verified_at: string | null
          updated_at: string
        }
        Insert: {
          address?: string | null
          agent_id?: string | null
          assignee_id?: string | null
          bathrooms?: number | null
          bedrooms?: number | null
          city: string
          created_at?: string
          created_by?: string | null
          currency?: string
          description?: string | null
          featured?: boolean
          features?: string[]
          floor_area_sqm?: number | null
          furnishing?: string | null
          ghana_post_gps?: string | null
          has_boys_quarters?: boolean
          id?: string
          is_gated?: boolean
          is_serviced?: boolean
          land_size_sqm?: number | null
          latitude?: number | null
          lease_years_remaining?: number | null
          listing_type: string
          longitude?: number | null
          neighbourhood?: string | null
          owner_id?: string | null
          plots?: number | null
          price?: number | null
          price_on_request?: boolean
          property_type: string
          public_since?: never
          published_at?: string | null
          region?: string | null
          rent_advance_months?: number | null
          rent_period?: string | null
          search_text?: never
          seo_description?: string | null
          seo_title?: string | null
          slug: string
          status?: string
          tenure?: string | null
          title: string
          title_type?: string | null
          title_verified_at?: string | null
          updated_at?: string
        }
        Update: {
          address?: string | null
          agent_id?: string | null
          assignee_id?: string | null
          bathrooms?: number | null
          bedrooms?: number | null
          city?: string
          created_at?: string
          created_by?: string | null
          currency?: string
          description?: string | null
          featured?: boolean
          features?: string[]
          floor_area_sqm?: number | null
          furnishing?: string | null
          ghana_post_gps?: string | null
          has_boys_quarters?: boolean
          id?: string
          is_gated?: boolean
          is_serviced?: boolean
          land_size_sqm?: number | null
          latitude?: number | null
          lease_years_remaining?: number | null
          listing_type?: string
          longitude?: number | null
          neighbourhood?: string | null
          owner_id?: string | null
          plots?: number | null
          price?: number | null
          price_on_request?: boolean
          property_type?: string
          public_since?: never
          published_at?: string | null
          region?: string | null
          rent_advance_months?: number | null
          rent_period?: string | null
          search_text?: never
          seo_description?: string | null
          seo_title?: string | null
          slug?: string
          status?: string
          tenure?: string | null
          title?: string
          title_type?: string | null
          title_verified_at?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      property_documents: {
        Row: {
          created_at: string
          file_name: string
          id: string
          kind: string
          mime_type: string
          property_id: string
          size_bytes: number
          storage_path: string
          title: string
          updated_at: string
          uploaded_by: string | null
        }
        Insert: {
          created_at?: string
          file_name: string
          id?: string
          kind: string
          mime_type: string
          property_id: string
          size_bytes: number
          storage_path: string
          title: string
          updated_at?: string
          uploaded_by?: string | null
        }
        Update: {
          created_at?: string
          file_name?: string
          id?: string
          kind?: string
          mime_type?: string
          property_id?: string
          size_bytes?: number
          storage_path?: string
          title?: string
          updated_at?: string
          uploaded_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "property_documents_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      property_hunt_inspections: {
        Row: {
          condition: string | null
          created_at: string
          hunt_id: string
          id: string
          inspected_by: string | null
          inspected_on: string
          notes: string
          updated_at: string
        }
        Insert: {
          condition?: string | null
          created_at?: string
          hunt_id: string
          id?: string
          inspected_by?: string | null
          inspected_on?: string
          notes: string
          updated_at?: string
        }
        Update: {
          condition?: string | null
          created_at?: string
          hunt_id?: string
          id?: string
          inspected_by?: string | null
          inspected_on?: string
          notes?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "property_hunt_inspections_hunt_id_fkey"
            columns: ["hunt_id"]
            isOneToOne: false
            referencedRelation: "property_hunts"
            referencedColumns: ["id"]
          },
        ]
      }
      property_hunt_photos: {
        Row: {
          caption: string | null
          created_at: string
          height: number | null
          hunt_id: string
          id: string
          inspection_id: string | null
          position: number
          storage_path: string
          updated_at: string
          uploaded_by: string | null
          width: number | null
        }
        Insert: {
          caption?: string | null
          created_at?: string
          height?: number | null
          hunt_id: string
          id?: string
          inspection_id?: string | null
          position?: number
          storage_path: string
          updated_at?: string
          uploaded_by?: string | null
          width?: number | null
        }
        Update: {
          caption?: string | null
          created_at?: string
          height?: number | null
          hunt_id?: string
          id?: string
          inspection_id?: string | null
          position?: number
          storage_path?: string
          updated_at?: string
          uploaded_by?: string | null
          width?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "property_hunt_photos_hunt_id_fkey"
            columns: ["hunt_id"]
            isOneToOne: false
            referencedRelation: "property_hunts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_hunt_photos_inspection_id_fkey"
            columns: ["inspection_id"]
            isOneToOne: false
            referencedRelation: "property_hunt_inspections"
            referencedColumns: ["id"]
          },
        ]
      }
      property_hunts: {
        Row: {
          acquired_at: string | null
          address: string | null
          asking_price: number | null
          assignee_id: string | null
          bathrooms: number | null
          bedrooms: number | null
          city: string
          created_at: string
          currency: string
          ghana_post_gps: string | null
          id: string
          land_size_sqm: number | null
          latitude: number | null
          lease_years_remaining: number | null
          listing_type: string
          longitude: number | null
          neighbourhood: string | null
          notes: string | null
          offer_amount: number | null
          offered_at: string | null
          owner_id: string | null
          owner_name: string | null
          owner_phone: string | null
          plots: number | null
          property_id: string | null
          property_type: string
          region: string | null
          rejection_note: string | null
          rejection_reason: string | null
          rent_period: string | null
          request_id: string | null
          search_text: string | null
          source: string | null
          stage: string
          stage_changed_at: string
          tenure: string | null
          title: string
          updated_at: string
        }
        Insert: {
          acquired_at?: string | null
          address?: string | null
          asking_price?: number | null
          assignee_id?: string | null
          bathrooms?: number | null
          bedrooms?: number | null
          city: string
          created_at?: string
          currency?: string
          ghana_post_gps?: string | null
          id?: string
          land_size_sqm?: number | null
          latitude?: number | null
          lease_years_remaining?: number | null
          listing_type?: string
          longitude?: number | null
          neighbourhood?: string | null
          notes?: string | null
          offer_amount?: number | null
          offered_at?: string | null
          owner_id?: string | null
          owner_name?: string | null
          owner_phone?: string | null
          plots?: number | null
          property_id?: string | null
          property_type?: string
          region?: string | null
          rejection_note?: string | null
          rejection_reason?: string | null
          rent_period?: string | null
          request_id?: string | null
          search_text?: never
          source?: string | null
          stage?: string
          stage_changed_at?: string
          tenure?: string | null
          title: string
          updated_at?: string
        }
        Update: {
          acquired_at?: string | null
          address?: string | null
          asking_price?: number | null
          assignee_id?: string | null
          bathrooms?: number | null
          bedrooms?: number | null
          city?: string
          created_at?: string
          currency?: string
          ghana_post_gps?: string | null
          id?: string
          land_size_sqm?: number | null
          latitude?: number | null
          lease_years_remaining?: number | null
          listing_type?: string
          longitude?: number | null
          neighbourhood?: string | null
          notes?: string | null
          offer_amount?: number | null
          offered_at?: string | null
          owner_id?: string | null
          owner_name?: string | null
          owner_phone?: string | null
          plots?: number | null
          property_id?: string | null
          property_type?: string
          region?: string | null
          rejection_note?: string | null
          rejection_reason?: string | null
          rent_period?: string | null
          request_id?: string | null
          search_text?: never
          source?: string | null
          stage?: string
          stage_changed_at?: string
          tenure?: string | null
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "property_hunts_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_hunts_request_id_fkey"
            columns: ["request_id"]
            isOneToOne: false
            referencedRelation: "property_requests"
            referencedColumns: ["id"]
          },
        ]
      }
      property_images: {
        Row: {
          alt_text: string | null
          created_at: string
          height: number | null
          id: string
          position: number
          property_id: string
          storage_path: string
          updated_at: string
          width: number | null
        }
        Insert: {
          alt_text?: string | null
          created_at?: string
          height?: number | null
          id?: string
          position?: number
          property_id: string
          storage_path: string
          updated_at?: string
          width?: number | null
        }
        Update: {
          alt_text?: string | null
          created_at?: string
          height?: number | null
          id?: string
          position?: number
          property_id?: string
          storage_path?: string
          updated_at?: string
          width?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "property_images_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      property_owner_contacts: {
        Row: {
          created_at: string
          email: string | null
          name: string | null
          notes: string | null
          phone: string | null
          property_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          email?: string | null
          name?: string | null
          notes?: string | null
          phone?: string | null
          property_id: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string | null
          name?: string | null
          notes?: string | null
          phone?: string | null
          property_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "property_owner_contacts_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      property_requests: {
        Row: {
          assigned_to: string | null
          bedrooms_max: number | null
          bedrooms_min: number | null
          budget_max: number
          budget_min: number | null
          consent_at: string
          created_at: string
          currency: string
          email: string
          full_name: string
          id: string
          internal_notes: string | null
          listing_type: string
          locations: string[]
          notes: string | null
          phone: string
          property_type: string
          source_host: string | null
          status: string
          timeline: string
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          assigned_to?: string | null
          bedrooms_max?: number | null
          bedrooms_min?: number | null
          budget_max: number
          budget_min?: number | null
          consent_at: string
          created_at?: string
          currency?: string
          email: string
          full_name: string
          id?: string
          internal_notes?: string | null
          listing_type: string
          locations: string[]
          notes?: string | null
          phone: string
          property_type: string
          source_host?: string | null
          status?: string
          timeline: string
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          assigned_to?: string | null
          bedrooms_max?: number | null
          bedrooms_min?: number | null
          budget_max?: number
          budget_min?: number | null
          consent_at?: string
          created_at?: string
          currency?: string
          email?: string
          full_name?: string
          id?: string
          internal_notes?: string | null
          listing_type?: string
          locations?: string[]
          notes?: string | null
          phone?: string
          property_type?: string
          source_host?: string | null
          status?: string
          timeline?: string
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: []
      }
      property_slug_redirects: {
        Row: {
          created_at: string
          old_slug: string
          property_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          old_slug: string
          property_id: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          old_slug?: string
          property_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "property_slug_redirects_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      tax_rates: {
        Row: {
          code: string
          created_at: string
          id: string
          name: string
          position: number
          rate: number
          tax_class: string
          updated_at: string
          valid_from: string
          valid_to: string | null
        }
        Insert: {
          code: string
          created_at?: string
          id?: string
          name: string
          position?: number
          rate: number
          tax_class: string
          updated_at?: string
          valid_from: string
          valid_to?: string | null
        }
        Update: {
          code?: string
          created_at?: string
          id?: string
          name?: string
          position?: number
          rate?: number
          tax_class?: string
          updated_at?: string
          valid_from?: string
          valid_to?: string | null
        }
        Relationships: []
      }
      team_channels: {
        Row: {
          created_at: string
          created_by: string | null
          description: string | null
          id: string
          name: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          description?: string | null
          id: string
          name: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          description?: string | null
          id?: string
          name?: string
          updated_at?: string
        }
        Relationships: []
      }
      team_message_reads: {
        Row: {
          channel_id: string
          created_at: string
          last_read_at: string
          updated_at: string
          user_id: string
        }
        Insert: {
          channel_id: string
          created_at?: string
          last_read_at?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          last_read_at?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "team_message_reads_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "team_channels"
            referencedColumns: ["id"]
          },
        ]
      }
      team_messages: {
        Row: {
          channel_id: string
          created_at: string
          id: string
          is_edited: boolean
          message: string
          reply_to_id: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          channel_id?: string
          created_at?: string
          id?: string
          is_edited?: boolean
          message: string
          reply_to_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          id?: string
          is_edited?: boolean
          message?: string
          reply_to_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "team_messages_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "team_channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_messages_reply_to_id_fkey"
            columns: ["reply_to_id"]
            isOneToOne: false
            referencedRelation: "team_messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_messages_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["user_id"]
          },
        ]
      }
      title_checks: {
        Row: {
          checked_by: string | null
          checked_on: string | null
          created_at: string
          document_name: string | null
          document_path: string | null
          document_size: number | null
          document_type: string | null
          file_id: string
          id: string
          item: string
          lease_years_left: number | null
          notes: string | null
          reference: string | null
          status: string
          updated_at: string
          verified_at: string | null
          verified_by: string | null
        }
        Insert: {
          checked_by?: string | null
          checked_on?: string | null
          created_at?: string
          document_name?: string | null
          document_path?: string | null
          document_size?: number | null
          document_type?: string | null
          file_id: string
          id?: string
          item: string
          lease_years_left?: number | null
          notes?: string | null
          reference?: string | null
          status?: string
          updated_at?: string
          verified_at?: string | null
          verified_by?: string | null
        }
        Update: {
          checked_by?: string | null
          checked_on?: string | null
          created_at?: string
          document_name?: string | null
          document_path?: string | null
          document_size?: number | null
          document_type?: string | null
          file_id?: string
          id?: string
          item?: string
          lease_years_left?: number | null
          notes?: string | null
          reference?: string | null
          status?: string
          updated_at?: string
          verified_at?: string | null
          verified_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "title_checks_file_id_fkey"
            columns: ["file_id"]
            isOneToOne: false
            referencedRelation: "title_files"
            referencedColumns: ["id"]
          },
        ]
      }
      title_files: {
        Row: {
          created_at: string
          created_by: string | null
          for_non_citizen: boolean
          hunt_id: string | null
          id: string
          land_source: string | null
          property_id: string | null
          tenure: string | null
          title_type: string | null
          updated_at: string
          verified_at: string | null
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          for_non_citizen?: boolean
          hunt_id?: string | null
          id?: string
          land_source?: string | null
          property_id?: string | null
          tenure?: string | null
          title_type?: string | null
          updated_at?: string
          verified_at?: string | null
        }
        Update: {
          created_at?: string
          created_by?: string | null
          for_non_citizen?: boolean
          hunt_id?: string | null
          id?: string
          land_source?: string | null
          property_id?: string | null
          tenure?: string | null
          title_type?: string | null
          updated_at?: string
          verified_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "title_files_hunt_id_fkey"
            columns: ["hunt_id"]
            isOneToOne: true
            referencedRelation: "property_hunts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "title_files_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      user_settings: {
        Row: {
          created_at: string
          currency: string
          date_format: string
          email_clients: boolean
          email_deals: boolean
          email_marketing: boolean
          language: string
          push_clients: boolean
          push_deals: boolean
          push_marketing: boolean
          push_team_messages: boolean
          sms_reminders: boolean
          time_format: string
          timezone: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          currency?: string
          date_format?: string
          email_clients?: boolean
          email_deals?: boolean
          email_marketing?: boolean
          language?: string
          push_clients?: boolean
          push_deals?: boolean
          push_marketing?: boolean
          push_team_messages?: boolean
          sms_reminders?: boolean
          time_format?: string
          timezone?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          currency?: string
          date_format?: string
          email_clients?: boolean
          email_deals?: boolean
          email_marketing?: boolean
          language?: string
          push_clients?: boolean
          push_deals?: boolean
          push_marketing?: boolean
          push_team_messages?: boolean
          sms_reminders?: boolean
          time_format?: string
          timezone?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      acquire_property_hunt: {
        Args: { hunt: string; listing_id: string; photo_paths?: string[] }
        Returns: string
      }
      anonymise_contact: {
        Args: { contact_id: string; reason: string }
        Returns: {
          address: string | null
          alt_email: string | null
          alt_phone: string | null
          anonymised_at: string | null
          anonymised_by: string | null
          assignee_id: string | null
          city: string | null
          company_id: string | null
          company_name: string | null
          consent_at: string | null
          consent_note: string | null
          consent_source: string | null
          consent_status: string
          created_at: string
          display_name: string | null
          email: string | null
          first_name: string | null
          ghana_post_gps: string | null
          id: string
          industry: string | null
          job_title: string | null
          kind: string
          last_activity_at: string | null
          last_name: string | null
          marketing_consent: boolean
          marketing_consent_at: string | null
          neighbourhood: string | null
          notes: string | null
          owner_id: string | null
          phone: string | null
          phone_network: string | null
          search_text: string | null
          source: string | null
          stage: string
          tags: string[]
          tin: string | null
          type: string
          updated_at: string
          website: string | null
        }
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      attach_partner_user: {
        Args: { account: string; member: string }
        Returns: undefined
      }
      claim_outgoing_emails: {
        Args: { batch_size?: number; lease_seconds?: number }
        Returns: {
          attempts: number
          created_at: string
          dedup_key: string | null
          headers: NonNullable<Json>
          html: string
          id: string
          kind: string
          last_error: string | null
          lease_until: string | null
          not_before: string
          notification_id: string | null
          sent_at: string | null
          status: string
          subject: string
          text_body: string | null
          to_address: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "outgoing_emails"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      complete_outgoing_email: {
        Args: {
          claimed_attempt?: number
          delivered: boolean
          email_id: string
          error?: string
          permanent?: boolean
          retry_after_seconds?: number
        }
        Returns: string
      }
      complete_outgoing_emails: {
        Args: { results: Json }
        Returns: {
          id: string
          status: string
        }[]
      }
      contact_duplicates: {
        Args: { email?: string; phone?: string }
        Returns: {
          address: string | null
          alt_email: string | null
          alt_phone: string | null
          anonymised_at: string | null
          anonymised_by: string | null
          assignee_id: string | null
          city: string | null
          company_id: string | null
          company_name: string | null
          consent_at: string | null
          consent_note: string | null
          consent_source: string | null
          consent_status: string
          created_at: string
          display_name: string | null
          email: string | null
          first_name: string | null
          ghana_post_gps: string | null
          id: string
          industry: string | null
          job_title: string | null
          kind: string
          last_activity_at: string | null
          last_name: string | null
          marketing_consent: boolean
          marketing_consent_at: string | null
          neighbourhood: string | null
          notes: string | null
          owner_id: string | null
          phone: string | null
          phone_network: string | null
          search_text: string | null
          source: string | null
          stage: string
          tags: string[]
          tin: string | null
          type: string
          updated_at: string
          website: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      export_contact: { Args: { contact_id: string }; Returns: Json }
      get_public_invoice: { Args: { invoice_id: string }; Returns: Json }
      listing_agent: {
        Args: { listing_slug: string }
        Returns: {
          avatar_url: string
          first_name: string
          last_name: string
          phone: string
        }[]
      }
      listing_status_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          listings: number
          status: string
        }[]
      }
      mark_all_notifications_read: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      mark_partner_thread_read: { Args: { partner?: string }; Returns: number }
      mark_team_messages_as_read: {
        Args: { channel_id_param: string }
        Returns: undefined
      }
      merge_contacts: {
        Args: { keep_id: string; merge_id: string }
        Returns: {
          address: string | null
          alt_email: string | null
          alt_phone: string | null
          anonymised_at: string | null
          anonymised_by: string | null
          assignee_id: string | null
          city: string | null
          company_id: string | null
          company_name: string | null
          consent_at: string | null
          consent_note: string | null
          consent_source: string | null
          consent_status: string
          created_at: string
          display_name: string | null
          email: string | null
          first_name: string | null
          ghana_post_gps: string | null
          id: string
          industry: string | null
          job_title: string | null
          kind: string
          last_activity_at: string | null
          last_name: string | null
          marketing_consent: boolean
          marketing_consent_at: string | null
          neighbourhood: string | null
          notes: string | null
          owner_id: string | null
          phone: string | null
          phone_network: string | null
          search_text: string | null
          source: string | null
          stage: string
          tags: string[]
          tin: string | null
          type: string
          updated_at: string
          website: string | null
        }
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      partner_shared_listings: {
        Args: { listing?: string }
        Returns: {
          bathrooms: number
          bedrooms: number
          city: string
          cover_path: string
          currency: string
          description: string
          features: string[]
          floor_area_sqm: number
          is_public: boolean
          land_size_sqm: number
          listing_type: string
          neighbourhood: string
          partner_split_percent: number
          plots: number
          price: number
          price_on_request: boolean
          property_id: string
          property_type: string
          region: string
          rent_period: string
          share_id: string
          share_note: string
          shared_at: string
          slug: string
          status: string
          tenure: string
          title: string
          title_verified_at: string
        }[]
      }
      property_hunt_stage_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          hunts: number
          stage: string
        }[]
      }
      property_redirect_slug: { Args: { old_slug: string }; Returns: string }
      register_partner_buyer: {
        Args: {
          buyer_email?: string
          buyer_name: string
          buyer_phone?: string
          listing: string
          notes?: string
        }
        Returns: {
          buyer_email: string | null
          buyer_name: string
          buyer_phone: string | null
          created_at: string
          id: string
          notes: string | null
          partner_id: string
          property_id: string
          registered_by: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "partner_buyer_registrations"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      reorder_property_images: {
        Args: { image_ids: string[]; listing_id: string }
        Returns: undefined
      }
      save_deal_commission: {
        Args: {
          commission_amount: number
          commission_rate: number
          commission_type: string
          deal_id: string
          splits: Json
        }
        Returns: undefined
      }
      search_contacts: {
        Args: { term: string }
        Returns: {
          address: string | null
          alt_email: string | null
          alt_phone: string | null
          anonymised_at: string | null
          anonymised_by: string | null
          assignee_id: string | null
          city: string | null
          company_id: string | null
          company_name: string | null
          consent_at: string | null
          consent_note: string | null
          consent_source: string | null
          consent_status: string
          created_at: string
          display_name: string | null
          email: string | null
          first_name: string | null
          ghana_post_gps: string | null
          id: string
          industry: string | null
          job_title: string | null
          kind: string
          last_activity_at: string | null
          last_name: string | null
          marketing_consent: boolean
          marketing_consent_at: string | null
          neighbourhood: string | null
          notes: string | null
          owner_id: string | null
          phone: string | null
          phone_network: string | null
          search_text: string | null
          source: string | null
          stage: string
          tags: string[]
          tin: string | null
          type: string
          updated_at: string
          website: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "contacts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_deals: {
        Args: { term: string }
        Returns: {
          assignee_id: string | null
          closed_at: string | null
          commission_amount: number | null
          commission_rate: number | null
          commission_type: string
          contact_id: string | null
          created_at: string
          currency: string
          expected_close_date: string | null
          id: string
          last_activity_at: string | null
          lost_note: string | null
          lost_reason_id: string | null
          notes: string | null
          owner_id: string | null
          pipeline_id: string
          property_id: string | null
          search_text: string | null
          stage_entered_at: string
          stage_id: string
          status: string
          title: string
          updated_at: string
          value: number
        }[]
        SetofOptions: {
          from: "*"
          to: "deals"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_partners: {
        Args: { term: string }
        Returns: {
          address: string | null
          city: string | null
          commission_terms: string | null
          created_at: string
          default_split_percent: number
          email: string | null
          id: string
          kind: string
          licence_expires_on: string | null
          name: string
          owner_id: string | null
          phone: string | null
          reac_licence_number: string
          search_text: string | null
          status: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "partners"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_properties: {
        Args: { term: string }
        Returns: {
          address: string | null
          agent_id: string | null
          assignee_id: string | null
          bathrooms: number | null
          bedrooms: number | null
          city: string
          created_at: string
          created_by: string | null
          currency: string
          description: string | null
          featured: boolean
          features: string[]
          floor_area_sqm: number | null
          furnishing: string | null
          ghana_post_gps: string | null
          has_boys_quarters: boolean
          id: string
          is_gated: boolean
          is_serviced: boolean
          land_size_sqm: number | null
          latitude: number | null
          lease_years_remaining: number | null
          listing_type: string
          longitude: number | null
          neighbourhood: string | null
          owner_id: string | null
          plots: number | null
          price: number | null
          price_on_request: boolean
          property_type: string
          public_since: string | null
          published_at: string | null
          region: string | null
          rent_advance_months: number | null
          rent_period: string | null
          search_text: string | null
          seo_description: string | null
          seo_title: string | null
          slug: string
          status: string
          tenure: string | null
          title: string
          title_type: string | null
          title_verified_at: string | null
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "properties"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_property_hunts: {
        Args: { term: string }
        Returns: {
          acquired_at: string | null
          address: string | null
          asking_price: number | null
          assignee_id: string | null
          bathrooms: number | null
          bedrooms: number | null
          city: string
          created_at: string
          currency: string
          ghana_post_gps: string | null
          id: string
          land_size_sqm: number | null
          latitude: number | null
          lease_years_remaining: number | null
          listing_type: string
          longitude: number | null
          neighbourhood: string | null
          notes: string | null
          offer_amount: number | null
          offered_at: string | null
          owner_id: string | null
          owner_name: string | null
          owner_phone: string | null
          plots: number | null
          property_id: string | null
          property_type: string
          region: string | null
          rejection_note: string | null
          rejection_reason: string | null
          rent_period: string | null
          request_id: string | null
          search_text: string | null
          source: string | null
          stage: string
          stage_changed_at: string
          tenure: string | null
          title: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "property_hunts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      team_unread_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          channel_id: string
          unread: number
        }[]
      }
      title_file_overview: {
        Args: Record<PropertyKey, never>
        Returns: {
          city: string
          for_non_citizen: boolean
          hunt_id: string
          hunt_stage: string
          id: string
          land_source: string
          listing_status: string
          problems: number
          property_id: string
          required_checks: number
          subject: string
          tenure: string
          title_type: string
          updated_at: string
          verified_at: string
          verified_checks: number
        }[]
      }
      title_required_items: {
        Args: {
          for_non_citizen: boolean
          land_source: string
          tenure: string
          title_type: string
        }
        Returns: string[]
      }
      unread_notification_count: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
