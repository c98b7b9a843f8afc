export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  graphql_public: {
    Tables: {
      [_ in never]: never
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      [_ in never]: never
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
  public: {
    Tables: {
      admins: {
        Row: {
          granted_at: string
          granted_by: string | null
          role: string
          user_id: string
        }
        Insert: {
          granted_at?: string
          granted_by?: string | null
          role?: string
          user_id: string
        }
        Update: {
          granted_at?: string
          granted_by?: string | null
          role?: string
          user_id?: string
        }
        Relationships: []
      }
      audit_events: {
        Row: {
          actor_id: string | null
          actor_role: string
          after: Json | null
          before: Json | null
          hash: string
          id: number
          kind: string
          member_id: string | null
          occurred_at: string
          prev_hash: string
          reason: string | null
        }
        Insert: {
          actor_id?: string | null
          actor_role: string
          after?: Json | null
          before?: Json | null
          hash: string
          id?: never
          kind: string
          member_id?: string | null
          occurred_at?: string
          prev_hash: string
          reason?: string | null
        }
        Update: {
          actor_id?: string | null
          actor_role?: string
          after?: Json | null
          before?: Json | null
          hash?: string
          id?: never
          kind?: string
          member_id?: string | null
          occurred_at?: string
          prev_hash?: string
          reason?: string | null
        }
        Relationships: []
      }
      contact_messages: {
        Row: {
          client_address: string | null
          created_at: string
          email: string
          id: number
          identity: string | null
          message: string
          name: string
        }
        Insert: {
          client_address?: string | null
          created_at?: string
          email: string
          id?: never
          identity?: string | null
          message: string
          name: string
        }
        Update: {
          client_address?: string | null
          created_at?: string
          email?: string
          id?: never
          identity?: string | null
          message?: string
          name?: string
        }
        Relationships: []
      }
      deposit_notices: {
        Row: {
          amount: number | null
          created_at: string
          credited_amount: number | null
          id: number
          quantity: number
          rate: number | null
          rate_at: string | null
          rate_source: string | null
          review_note: string | null
          reviewed_at: string | null
          reviewed_by: string | null
          status: string
          transfer_id: number | null
          tx_id: string
          user_id: string
          wallet_id: number
        }
        Insert: {
          amount?: number | null
          created_at?: string
          credited_amount?: number | null
          id?: never
          quantity: number
          rate?: number | null
          rate_at?: string | null
          rate_source?: string | null
          review_note?: string | null
          reviewed_at?: string | null
          reviewed_by?: string | null
          status?: string
          transfer_id?: number | null
          tx_id: string
          user_id: string
          wallet_id: number
        }
        Update: {
          amount?: number | null
          created_at?: string
          credited_amount?: number | null
          id?: never
          quantity?: number
          rate?: number | null
          rate_at?: string | null
          rate_source?: string | null
          review_note?: string | null
          reviewed_at?: string | null
          reviewed_by?: string | null
          status?: string
          transfer_id?: number | null
          tx_id?: string
          user_id?: string
          wallet_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "deposit_notices_transfer_id_fkey"
            columns: ["transfer_id"]
            isOneToOne: false
            referencedRelation: "transfers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deposit_notices_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "deposit_notices_wallet_id_fkey"
            columns: ["wallet_id"]
            isOneToOne: false
            referencedRelation: "deposit_wallets"
            referencedColumns: ["id"]
          },
        ]
      }
      deposit_wallet_changes: {
        Row: {
          actor_id: string | null
          created_at: string
          id: number
          new_address: string
          new_enabled: boolean
          old_address: string | null
          old_enabled: boolean | null
          reason: string
          wallet_id: number
        }
        Insert: {
          actor_id?: string | null
          created_at?: string
          id?: never
          new_address: string
          new_enabled: boolean
          old_address?: string | null
          old_enabled?: boolean | null
          reason: string
          wallet_id: number
        }
        Update: {
          actor_id?: string | null
          created_at?: string
          id?: never
          new_address?: string
          new_enabled?: boolean
          old_address?: string | null
          old_enabled?: boolean | null
          reason?: string
          wallet_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "deposit_wallet_changes_wallet_id_fkey"
            columns: ["wallet_id"]
            isOneToOne: false
            referencedRelation: "deposit_wallets"
            referencedColumns: ["id"]
          },
        ]
      }
      deposit_wallets: {
        Row: {
          address: string
          asset: string
          enabled: boolean
          id: number
          network: string
          placeholder: boolean | null
          updated_at: string
          updated_by: string | null
          wallet_name: string
        }
        Insert: {
          address: string
          asset: string
          enabled?: boolean
          id: number
          network: string
          placeholder?: never
          updated_at?: string
          updated_by?: string | null
          wallet_name: string
        }
        Update: {
          address?: string
          asset?: string
          enabled?: boolean
          id?: number
          network?: string
          placeholder?: never
          updated_at?: string
          updated_by?: string | null
          wallet_name?: string
        }
        Relationships: []
      }
      firm_settings: {
        Row: {
          address_cooling_off: string
          referral_bonus_rate: number
          security_hold: string
          singleton: boolean
          small_edit_daily_limit: number | null
          small_edit_threshold: number | null
          updated_at: string
        }
        Insert: {
          address_cooling_off?: string
          referral_bonus_rate?: number
          security_hold?: string
          singleton?: boolean
          small_edit_daily_limit?: number | null
          small_edit_threshold?: number | null
          updated_at?: string
        }
        Update: {
          address_cooling_off?: string
          referral_bonus_rate?: number
          security_hold?: string
          singleton?: boolean
          small_edit_daily_limit?: number | null
          small_edit_threshold?: number | null
          updated_at?: string
        }
        Relationships: []
      }
      ledger_accounts: {
        Row: {
          asset: string | null
          created_at: string
          credits_pending: number
          credits_posted: number
          debits_pending: number
          debits_posted: number
          id: number
          purpose: string
          user_id: string | null
        }
        Insert: {
          asset?: string | null
          created_at?: string
          credits_pending?: number
          credits_posted?: number
          debits_pending?: number
          debits_posted?: number
          id?: never
          purpose: string
          user_id?: string | null
        }
        Update: {
          asset?: string | null
          created_at?: string
          credits_pending?: number
          credits_posted?: number
          debits_pending?: number
          debits_posted?: number
          id?: never
          purpose?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "ledger_accounts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      ledger_entries: {
        Row: {
          account: string
          account_id: number
          actor_id: string | null
          balance_after: number
          balance_before: number
          created_at: string
          delta: number
          id: number
          kind: string
          plan: string | null
          reason: string
          source: string | null
          source_id: number | null
          transfer_id: number
          user_id: string
        }
        Insert: {
          account: string
          account_id: number
          actor_id?: string | null
          balance_after: number
          balance_before: number
          created_at?: string
          delta: number
          id?: never
          kind: string
          plan?: string | null
          reason: string
          source?: string | null
          source_id?: number | null
          transfer_id: number
          user_id: string
        }
        Update: {
          account?: string
          account_id?: number
          actor_id?: string | null
          balance_after?: number
          balance_before?: number
          created_at?: string
          delta?: number
          id?: never
          kind?: string
          plan?: string | null
          reason?: string
          source?: string | null
          source_id?: number | null
          transfer_id?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "ledger_entries_account_id_fkey"
            columns: ["account_id"]
            isOneToOne: false
            referencedRelation: "ledger_accounts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "ledger_entries_transfer_id_fkey"
            columns: ["transfer_id"]
            isOneToOne: false
            referencedRelation: "transfers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "ledger_entries_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      mfa_resets: {
        Row: {
          factors_removed: number
          id: number
          reason: string
          reset_at: string
          reset_by: string | null
          user_id: string
        }
        Insert: {
          factors_removed: number
          id?: never
          reason: string
          reset_at?: string
          reset_by?: string | null
          user_id: string
        }
        Update: {
          factors_removed?: number
          id?: never
          reason?: string
          reset_at?: string
          reset_by?: string | null
          user_id?: string
        }
        Relationships: []
      }
      notifications: {
        Row: {
          available_at: string
          created_at: string
          event_id: number
          id: number
          kind: string
          read_at: string | null
          user_id: string
        }
        Insert: {
          available_at?: string
          created_at?: string
          event_id: number
          id?: never
          kind: string
          read_at?: string | null
          user_id: string
        }
        Update: {
          available_at?: string
          created_at?: string
          event_id?: number
          id?: never
          kind?: string
          read_at?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notifications_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "audit_events"
            referencedColumns: ["id"]
          },
        ]
      }
      plans: {
        Row: {
          accepting: boolean
          description: string
          fees_text: string
          minimum: number
          name: string
          notice_days: number
          position: number
          returns_text: string
          risk_text: string
          slug: string
          updated_at: string
        }
        Insert: {
          accepting?: boolean
          description: string
          fees_text: string
          minimum: number
          name: string
          notice_days: number
          position: number
          returns_text: string
          risk_text: string
          slug: string
          updated_at?: string
        }
        Update: {
          accepting?: boolean
          description?: string
          fees_text?: string
          minimum?: number
          name?: string
          notice_days?: number
          position?: number
          returns_text?: string
          risk_text?: string
          slug?: string
          updated_at?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          account_number: string
          created_at: string
          deposit_wallet: number
          email: string
          id: string
          interest_wallet: number
          locale: string
          referral: number
          referral_code: string
          referred_by: string | null
          total_deposit: number
          total_invest: number
          total_withdraw: number
          updated_at: string
          username: string
          version: number
          xrp_destination_tag: number
        }
        Insert: {
          account_number?: string
          created_at?: string
          deposit_wallet?: number
          email?: string
          id: string
          interest_wallet?: number
          locale?: string
          referral?: number
          referral_code?: string
          referred_by?: string | null
          total_deposit?: number
          total_invest?: number
          total_withdraw?: number
          updated_at?: string
          username: string
          version?: number
          xrp_destination_tag?: number
        }
        Update: {
          account_number?: string
          created_at?: string
          deposit_wallet?: number
          email?: string
          id?: string
          interest_wallet?: number
          locale?: string
          referral?: number
          referral_code?: string
          referred_by?: string | null
          total_deposit?: number
          total_invest?: number
          total_withdraw?: number
          updated_at?: string
          username?: string
          version?: number
          xrp_destination_tag?: number
        }
        Relationships: [
          {
            foreignKeyName: "profiles_referred_by_fkey"
            columns: ["referred_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      security_holds: {
        Row: {
          change: string
          event_id: number
          hold_until: string
          id: number
          started_at: string
          user_id: string
        }
        Insert: {
          change: string
          event_id: number
          hold_until: string
          id?: never
          started_at?: string
          user_id: string
        }
        Update: {
          change?: string
          event_id?: number
          hold_until?: string
          id?: never
          started_at?: string
          user_id?: string
        }
        Relationships: []
      }
      staff_proposals: {
        Row: {
          before: NonNullable<Json>
          decided_at: string | null
          decided_by: string | null
          decision_note: string | null
          expires_at: string
          id: number
          kind: string
          payload: NonNullable<Json>
          proposed_at: string
          proposed_by: string
          reason: string
          status: string
          target: string
        }
        Insert: {
          before: NonNullable<Json>
          decided_at?: string | null
          decided_by?: string | null
          decision_note?: string | null
          expires_at?: string
          id?: never
          kind: string
          payload: NonNullable<Json>
          proposed_at?: string
          proposed_by: string
          reason: string
          status?: string
          target: string
        }
        Update: {
          before?: NonNullable<Json>
          decided_at?: string | null
          decided_by?: string | null
          decision_note?: string | null
          expires_at?: string
          id?: never
          kind?: string
          payload?: NonNullable<Json>
          proposed_at?: string
          proposed_by?: string
          reason?: string
          status?: string
          target?: string
        }
        Relationships: []
      }
      statement_failures: {
        Row: {
          created_at: string
          error: string
          id: number
          run_id: number
          statement_id: number
        }
        Insert: {
          created_at?: string
          error: string
          id?: never
          run_id: number
          statement_id: number
        }
        Update: {
          created_at?: string
          error?: string
          id?: never
          run_id?: number
          statement_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "statement_failures_run_id_fkey"
            columns: ["run_id"]
            isOneToOne: false
            referencedRelation: "statement_runs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "statement_failures_statement_id_fkey"
            columns: ["statement_id"]
            isOneToOne: false
            referencedRelation: "statements"
            referencedColumns: ["id"]
          },
        ]
      }
      statement_files: {
        Row: {
          bytes: number
          created_at: string
          kind: string
          path: string
          sha256: string
          statement_id: number
        }
        Insert: {
          bytes: number
          created_at?: string
          kind: string
          path: string
          sha256: string
          statement_id: number
        }
        Update: {
          bytes?: number
          created_at?: string
          kind?: string
          path?: string
          sha256?: string
          statement_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "statement_files_statement_id_fkey"
            columns: ["statement_id"]
            isOneToOne: false
            referencedRelation: "statements"
            referencedColumns: ["id"]
          },
        ]
      }
      statement_runs: {
        Row: {
          finished_at: string | null
          firm: NonNullable<Json>
          id: number
          month: string
          started_at: string
          status: string
          valuation: NonNullable<Json>
        }
        Insert: {
          finished_at?: string | null
          firm: NonNullable<Json>
          id?: never
          month: string
          started_at?: string
          status?: string
          valuation: NonNullable<Json>
        }
        Update: {
          finished_at?: string | null
          firm?: NonNullable<Json>
          id?: never
          month?: string
          started_at?: string
          status?: string
          valuation?: NonNullable<Json>
        }
        Relationships: []
      }
      statements: {
        Row: {
          created_at: string
          data: NonNullable<Json>
          id: number
          month: string
          reason: string | null
          reference: string
          replaces_id: number | null
          run_id: number
          sha256: string
          user_id: string
          version: number
        }
        Insert: {
          created_at?: string
          data: NonNullable<Json>
          id?: never
          month: string
          reason?: string | null
          reference: string
          replaces_id?: number | null
          run_id: number
          sha256: string
          user_id: string
          version: number
        }
        Update: {
          created_at?: string
          data?: NonNullable<Json>
          id?: never
          month?: string
          reason?: string | null
          reference?: string
          replaces_id?: number | null
          run_id?: number
          sha256?: string
          user_id?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "statements_replaces_id_fkey"
            columns: ["replaces_id"]
            isOneToOne: false
            referencedRelation: "statements"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "statements_run_id_fkey"
            columns: ["run_id"]
            isOneToOne: false
            referencedRelation: "statement_runs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "statements_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      transfers: {
        Row: {
          amount: number
          asset: string | null
          business_id: string
          category: string | null
          client_text: string
          created_at: string
          created_by: string | null
          credit_account_id: number
          debit_account_id: number
          expires_at: string | null
          id: number
          initiated_by: string | null
          internal_note: string | null
          kind: string
          network_fee: number | null
          pending_id: number | null
          phase: string
          plan: string | null
          proposed_by: string | null
          quantity: number | null
          rate: number | null
          rate_at: string | null
          rate_source: string | null
          small_edit: boolean
          source: string | null
          source_id: number | null
          user_id: string
          void_reason: string | null
        }
        Insert: {
          amount: number
          asset?: string | null
          business_id: string
          category?: string | null
          client_text: string
          created_at?: string
          created_by?: string | null
          credit_account_id: number
          debit_account_id: number
          expires_at?: string | null
          id?: never
          initiated_by?: string | null
          internal_note?: string | null
          kind: string
          network_fee?: number | null
          pending_id?: number | null
          phase: string
          plan?: string | null
          proposed_by?: string | null
          quantity?: number | null
          rate?: number | null
          rate_at?: string | null
          rate_source?: string | null
          small_edit?: boolean
          source?: string | null
          source_id?: number | null
          user_id: string
          void_reason?: string | null
        }
        Update: {
          amount?: number
          asset?: string | null
          business_id?: string
          category?: string | null
          client_text?: string
          created_at?: string
          created_by?: string | null
          credit_account_id?: number
          debit_account_id?: number
          expires_at?: string | null
          id?: never
          initiated_by?: string | null
          internal_note?: string | null
          kind?: string
          network_fee?: number | null
          pending_id?: number | null
          phase?: string
          plan?: string | null
          proposed_by?: string | null
          quantity?: number | null
          rate?: number | null
          rate_at?: string | null
          rate_source?: string | null
          small_edit?: boolean
          source?: string | null
          source_id?: number | null
          user_id?: string
          void_reason?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "transfers_credit_account_id_fkey"
            columns: ["credit_account_id"]
            isOneToOne: false
            referencedRelation: "ledger_accounts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "transfers_debit_account_id_fkey"
            columns: ["debit_account_id"]
            isOneToOne: false
            referencedRelation: "ledger_accounts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "transfers_pending_id_fkey"
            columns: ["pending_id"]
            isOneToOne: true
            referencedRelation: "transfers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "transfers_plan_fkey"
            columns: ["plan"]
            isOneToOne: false
            referencedRelation: "plans"
            referencedColumns: ["slug"]
          },
          {
            foreignKeyName: "transfers_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      withdrawal_addresses: {
        Row: {
          address: string
          created_at: string
          destination_tag: number | null
          id: number
          label: string
          removed_at: string | null
          usable_from: string
          user_id: string
          wallet_id: number
        }
        Insert: {
          address: string
          created_at?: string
          destination_tag?: number | null
          id?: never
          label: string
          removed_at?: string | null
          usable_from: string
          user_id: string
          wallet_id: number
        }
        Update: {
          address?: string
          created_at?: string
          destination_tag?: number | null
          id?: never
          label?: string
          removed_at?: string | null
          usable_from?: string
          user_id?: string
          wallet_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "withdrawal_addresses_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "withdrawal_addresses_wallet_id_fkey"
            columns: ["wallet_id"]
            isOneToOne: false
            referencedRelation: "deposit_wallets"
            referencedColumns: ["id"]
          },
        ]
      }
      withdrawal_freezes: {
        Row: {
          frozen_at: string
          frozen_by: string
          id: number
          lifted_at: string | null
          lifted_by: string | null
          reason: string | null
          user_id: string
        }
        Insert: {
          frozen_at?: string
          frozen_by: string
          id?: never
          lifted_at?: string | null
          lifted_by?: string | null
          reason?: string | null
          user_id: string
        }
        Update: {
          frozen_at?: string
          frozen_by?: string
          id?: never
          lifted_at?: string | null
          lifted_by?: string | null
          reason?: string | null
          user_id?: string
        }
        Relationships: []
      }
      withdrawal_requests: {
        Row: {
          account: string
          address_id: number | null
          amount: number
          approved_by: string | null
          created_at: string
          destination_address: string
          destination_tag: number | null
          id: number
          network_fee: number | null
          paid_at: string | null
          quantity: number | null
          rate: number | null
          rate_source: string | null
          review_note: string | null
          reviewed_at: string | null
          reviewed_by: string | null
          status: string
          transfer_id: number | null
          user_id: string
          wallet_id: number
        }
        Insert: {
          account: string
          address_id?: number | null
          amount: number
          approved_by?: string | null
          created_at?: string
          destination_address: string
          destination_tag?: number | null
          id?: never
          network_fee?: number | null
          paid_at?: string | null
          quantity?: number | null
          rate?: number | null
          rate_source?: string | null
          review_note?: string | null
          reviewed_at?: string | null
          reviewed_by?: string | null
          status?: string
          transfer_id?: number | null
          user_id: string
          wallet_id: number
        }
        Update: {
          account?: string
          address_id?: number | null
          amount?: number
          approved_by?: string | null
          created_at?: string
          destination_address?: string
          destination_tag?: number | null
          id?: never
          network_fee?: number | null
          paid_at?: string | null
          quantity?: number | null
          rate?: number | null
          rate_source?: string | null
          review_note?: string | null
          reviewed_at?: string | null
          reviewed_by?: string | null
          status?: string
          transfer_id?: number | null
          user_id?: string
          wallet_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "withdrawal_requests_address_id_fkey"
            columns: ["address_id"]
            isOneToOne: false
            referencedRelation: "withdrawal_addresses"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "withdrawal_requests_transfer_id_fkey"
            columns: ["transfer_id"]
            isOneToOne: false
            referencedRelation: "transfers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "withdrawal_requests_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "withdrawal_requests_wallet_id_fkey"
            columns: ["wallet_id"]
            isOneToOne: false
            referencedRelation: "deposit_wallets"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      add_withdrawal_address: {
        Args: {
          p_address: string
          p_destination_tag?: string
          p_label: string
          p_wallet_id: number
        }
        Returns: Json
      }
      admin_authenticators: {
        Args: Record<PropertyKey, never>
        Returns: {
          user_id: string
          verified_factors: number
        }[]
      }
      admin_deposit_notice_conflicts: {
        Args: Record<PropertyKey, never>
        Returns: {
          conflicting_ids: number[]
          notice_id: number
        }[]
      }
      admin_pending_transfers: {
        Args: { p_user_id?: string }
        Returns: {
          account: string
          amount: string
          asset: string
          category: string
          client_text: string
          created_at: string
          email: string
          expires_at: string
          id: number
          internal_note: string
          kind: string
          plan: string
          proposed_by: string
          proposed_by_email: string
          quantity: string
          rate: string
          rate_source: string
          source: string
          source_id: number
          user_id: string
        }[]
      }
      admin_reset_mfa: {
        Args: { p_reason: string; p_user_id: string }
        Returns: Json
      }
      admin_search_users: {
        Args: {
          p_ascending?: boolean
          p_limit?: number
          p_offset?: number
          p_search?: string
          p_sort?: string
        }
        Returns: Json
      }
      admin_user_ledger: {
        Args: { p_user_id: string }
        Returns: {
          account: string
          actor_email: string
          actor_id: string
          balance_after: string
          balance_before: string
          created_at: string
          delta: string
          id: number
          kind: string
          reason: string
          source: string
          source_id: number
          user_id: string
        }[]
      }
      admin_work_queue: {
        Args: Record<PropertyKey, never>
        Returns: {
          awaiting_me: number
          deposit_notices: number
          frozen_accounts: number
          unread_messages: number
          withdrawal_requests: number
        }[]
      }
      approve_staff_change: { Args: { p_proposal_id: number }; Returns: Json }
      approve_transfer: { Args: { p_transfer_id: number }; Returns: Json }
      attach_statement_files: {
        Args: {
          p_csv_bytes: number
          p_csv_path: string
          p_csv_sha256: string
          p_pdf_bytes: number
          p_pdf_path: string
          p_pdf_sha256: string
          p_statement: number
        }
        Returns: undefined
      }
      audit_chain_anchor: { Args: Record<PropertyKey, never>; Returns: Json }
      cancel_plan_instruction: {
        Args: { p_transfer_id: number }
        Returns: Json
      }
      cancel_withdrawal_request: {
        Args: { p_request_id: number }
        Returns: Json
      }
      check_audit_anchor: {
        Args: { p_event_id: number; p_hash: string }
        Returns: Json
      }
      claim_member_mails: {
        Args: { p_lease_seconds?: number; p_limit?: number }
        Returns: {
          attempts: number
          email: string
          id: number
          idempotency_key: string
          kind: string
          template_values: Json
        }[]
      }
      file_deposit_notice: {
        Args: { p_quantity: string; p_tx_id: string; p_wallet_id: number }
        Returns: Json
      }
      file_withdrawal_request: {
        Args: {
          p_account: string
          p_amount: string
          p_destination_address: string
          p_destination_tag?: string
          p_wallet_id: number
        }
        Returns: Json
      }
      finish_statement_run: { Args: { p_run: number }; Returns: Json }
      freeze_withdrawals: { Args: { p_reason?: string }; Returns: Json }
      grant_admin: {
        Args: { p_email: string; p_role?: string }
        Returns: undefined
      }
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean }
      issue_statements: {
        Args: { p_limit?: number; p_run: number }
        Returns: Json
      }
      mark_member_mail_failed: {
        Args: { p_error: string; p_id: number }
        Returns: undefined
      }
      mark_member_mail_sent: { Args: { p_id: number }; Returns: undefined }
      mark_messages_seen: {
        Args: Record<PropertyKey, never>
        Returns: undefined
      }
      mark_notifications_read: { Args: { p_ids?: number[] }; Returns: number }
      member_deposit_wallets: {
        Args: Record<PropertyKey, never>
        Returns: {
          address: string
          asset: string
          enabled: boolean
          id: number
          network: string
          wallet_name: string
        }[]
      }
      my_accounts: {
        Args: Record<PropertyKey, never>
        Returns: {
          account: string
          available: string
          balance: string
          label: string
          reserved: string
          withdrawable: boolean
        }[]
      }
      my_activity: {
        Args: { p_before?: number; p_limit?: number; p_locale?: string }
        Returns: {
          actor: string
          body: string
          id: number
          kind: string
          occurred_at: string
          title: string
        }[]
      }
      my_ledger: {
        Args: {
          p_before_created_at?: string
          p_before_id?: number
          p_limit?: number
          p_locale?: string
        }
        Returns: {
          account: string
          balance_after: string
          balance_before: string
          created_at: string
          delta: string
          id: number
          kind: string
          reason: string
          source: string
          source_id: number
        }[]
      }
      my_notifications: {
        Args: { p_before?: number; p_limit?: number; p_locale?: string }
        Returns: {
          available_at: string
          body: string
          id: number
          kind: string
          read_at: string
          title: string
        }[]
      }
      my_plans: {
        Args: Record<PropertyKey, never>
        Returns: {
          name: string
          pending: Json
          plan: string
          principal: string
          returns: string
          since: string
        }[]
      }
      my_referrals: {
        Args: Record<PropertyKey, never>
        Returns: {
          bonus_percent: string
          code: string
          earned: string
          link_path: string
          referred_count: number
        }[]
      }
      my_security_status: { Args: { p_locale?: string }; Returns: Json }
      my_staff_role: { Args: Record<PropertyKey, never>; Returns: string }
      next_notification_in: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      operator_post_correction: {
        Args: {
          p_account: string
          p_amount: string
          p_category?: string
          p_client_text: string
          p_plan?: string
          p_user_id: string
        }
        Returns: Json
      }
      preview_returns_run: {
        Args: {
          p_amounts?: Json
          p_period: string
          p_plan: string
          p_rate_percent?: string
        }
        Returns: Json
      }
      propose_correction: {
        Args: {
          p_account: string
          p_amount: string
          p_category: string
          p_client_text: string
          p_internal_note?: string
          p_plan?: string
          p_request_key?: string
          p_user_id: string
        }
        Returns: Json
      }
      propose_staff_change: {
        Args: {
          p_kind: string
          p_payload: Json
          p_reason: string
          p_target: string
        }
        Returns: Json
      }
      record_statement_failure: {
        Args: { p_error: string; p_run: number; p_statement: number }
        Returns: undefined
      }
      redeem_from_plan: {
        Args: { p_amount: string; p_plan: string; p_request_key: string }
        Returns: Json
      }
      reissue_statement: {
        Args: { p_account_number: string; p_month: string; p_reason: string }
        Returns: Json
      }
      reject_staff_change: {
        Args: { p_proposal_id: number; p_reason: string }
        Returns: Json
      }
      reject_transfer: {
        Args: { p_reason: string; p_transfer_id: number }
        Returns: Json
      }
      remove_withdrawal_address: { Args: { p_id: number }; Returns: Json }
      review_deposit_notice: {
        Args: {
          p_decision: string
          p_note?: string
          p_notice_id: number
          p_rate?: string
          p_rate_source?: string
          p_usd_value?: string
        }
        Returns: Json
      }
      review_withdrawal_request: {
        Args: {
          p_action: string
          p_network_fee?: string
          p_note?: string
          p_quantity?: string
          p_rate?: string
          p_rate_source?: string
          p_request_id: number
        }
        Returns: Json
      }
      revoke_admin: { Args: { p_email: string }; Returns: undefined }
      set_staff_role: {
        Args: { p_email: string; p_role: string }
        Returns: undefined
      }
      start_statement_run: {
        Args: { p_firm: Json; p_month: string; p_valuation: Json }
        Returns: Json
      }
      statement_runs_overview: {
        Args: { p_limit?: number }
        Returns: {
          failures: Json
          finished_at: string
          made: number
          month: string
          published: number
          run: number
          started_at: string
          status: string
        }[]
      }
      subscribe_to_plan: {
        Args: { p_amount: string; p_plan: string; p_request_key: string }
        Returns: Json
      }
      unread_notification_count: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      update_deposit_wallet: {
        Args: {
          p_address: string
          p_enabled: boolean
          p_reason: string
          p_wallet_id: number
        }
        Returns: Json
      }
      verify_audit_chain: {
        Args: { p_after_id?: number; p_limit?: number }
        Returns: Json
      }
      withdraw_staff_change: { Args: { p_proposal_id: number }; Returns: Json }
      withdraw_transfer: { Args: { p_transfer_id: number }; Returns: Json }
      withdrawable_balance: {
        Args: Record<PropertyKey, never>
        Returns: string
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
  graphql_public: {
    Enums: {},
  },
  public: {
    Enums: {},
  },
} as const

